//! Each side's clock along the tree: the total time a mover has used after each node.

use std::time::Duration;

use super::{MoveTree, NodeId};

impl MoveTree {
    /// The mover's total time after each node, indexed by [`NodeId::index`]: the node's own
    /// [`MoveTime::total`](super::MoveTime::total) where written, else the mover's total
    /// after its previous move on the node's line plus the time spent on this one (a move
    /// without a time spends none); zero for the root. Empty when no node has a time.
    ///
    /// What KIF and JKF writers put in a time field's total when the record gives only the
    /// time spent (CSA records, for one, hold no totals), so that readers that want both
    /// fields get them.
    ///
    /// ```
    /// use std::time::Duration;
    /// use masu_kif::{MoveTime, Record};
    ///
    /// let mut record = Record::from_usi("startpos moves 7g7f 3c3d 2g2f")?;
    /// let moves: Vec<_> = record.tree.main_line().collect();
    /// for (id, secs) in moves.iter().zip([3, 5, 2]) {
    ///     let spent = Some(Duration::from_secs(secs));
    ///     record.tree[*id].time = Some(MoveTime { spent, total: None });
    /// }
    /// let totals = record.tree.mover_totals();
    /// let secs: Vec<u64> = moves.iter().map(|id| totals[id.index()].as_secs()).collect();
    /// assert_eq!(secs, [3, 5, 5]); // Black 3 then 3 + 2, White 5
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn mover_totals(&self) -> Vec<Duration> {
        if self.nodes().iter().all(|n| n.time.is_none()) {
            return Vec::new();
        }
        let mut totals = vec![Duration::ZERO; self.len()];
        // One pass in id order: a parent's id is smaller than its children's.
        for id in self.ids().skip(1) {
            let time = self[id].time.unwrap_or_default();
            totals[id.index()] = match time.total {
                Some(total) => total,
                None => {
                    let before = self[id]
                        .parent()
                        .and_then(|p| self[p].parent())
                        .filter(|&g| g != NodeId::ROOT)
                        .map_or(Duration::ZERO, |g| totals[g.index()]);
                    before.saturating_add(time.spent.unwrap_or_default())
                }
            };
        }
        totals
    }

    /// Gives every time that has none its mover's total ([`MoveTree::mover_totals`]): the
    /// times as a KIF writer writes them, and as a KIF reader then reads them back.
    pub fn fill_totals(&mut self) {
        let totals = self.mover_totals();
        let ids: Vec<NodeId> = self.ids().collect();
        for id in ids {
            if let Some(time) = self[id].time.as_mut() {
                time.total = time.total.or(Some(totals[id.index()]));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use crate::record::{MoveTime, NodeId};
    use crate::{Mode, kif};

    #[test]
    fn written_totals_are_kept_and_the_missing_ones_counted_on_from_them() {
        // Black's second move has its total written (10, not 1 + 2): its third counts on
        // from there; White's moves count from zero; the variation counts along its line.
        let text = "手数----指手---------消費時間--\n\
                    1 ７六歩(77)   ( 0:01/)\n\
                    2 ３四歩(33)   ( 0:04/)\n\
                    3 ２六歩(27)   ( 0:02/00:00:10)\n\
                    4 ８四歩(83)   ( 0:05/)\n\
                    5 ２五歩(26)   ( 0:03/)\n\
                    6 投了\n\
                    \n\
                    変化：3手\n\
                    3 ６六歩(67)   ( 0:07/)\n";
        let record = kif::read_str(text, Mode::Strict)
            .unwrap_or_else(|e| panic!("{e}"))
            .record;
        let totals = record.tree.mover_totals();
        let secs = |ids: &[NodeId]| -> Vec<u64> {
            ids.iter().map(|id| totals[id.index()].as_secs()).collect()
        };
        let main: Vec<NodeId> = record.tree.main_line().collect();
        // The special (投了) has no time: it spends none.
        assert_eq!(secs(&main), [1, 4, 10, 9, 13, 9]);
        let start = record.tree.variation_starts()[0];
        assert_eq!(secs(&[start]), [8]);
        assert_eq!(totals[0], Duration::ZERO);
        let mut filled = record.tree.clone();
        filled.fill_totals();
        let main: Vec<Option<u64>> = filled
            .main_line()
            .map(|id| filled[id].time.and_then(|t| t.total).map(|t| t.as_secs()))
            .collect();
        // The special has no time, so nothing to fill.
        assert_eq!(main, [Some(1), Some(4), Some(10), Some(9), Some(13), None]);
    }

    #[test]
    fn a_tree_without_times_has_no_totals() {
        let mut record = crate::Record::from_usi("startpos moves 7g7f").unwrap();
        assert!(record.tree.mover_totals().is_empty());
        let id = record.tree.main_line().next().unwrap();
        record.tree[id].time = Some(MoveTime {
            spent: None,
            total: None,
        });
        assert_eq!(record.tree.mover_totals(), [Duration::ZERO; 2]);
    }
}
