//! The transposition table: a fixed array of clusters, sized once by the caller, with hand
//! superiority on lookup and sampling garbage collection. It never allocates after
//! construction, so its memory is exactly what the caller asked for.
//!
//! Entries are keyed by the board half of the position key (board and side to move);
//! the hands are stored beside it. A solved entry holds a *bound* on the hands rather than
//! the hands it was found with:
//!
//! * proven: any position with the same board whose attacker hand dominates `atk` and whose
//!   defender hand is dominated by `def` is mate within `len` plies;
//! * disproven: any position whose attacker hand is dominated by `atk` and whose defender
//!   hand dominates `def` has no mate within `len` plies (`LEN_INF`: none at all).
//!
//! An unsolved entry holds the exact hands and the horizon `len` it was searched with, and
//! answers only a lookup with that horizon: the numbers of a search for "mate within 35?"
//! and of an unbounded one say different things about a position.
//!
//! The clusters live in [`Zeroed`] memory: on transparent huge pages where Linux offers
//! them, once the entries fill an eighth of the clusters in use.
//!
//! A solve uses only a prefix of that memory, as many clusters as its entries need: the
//! table starts at 64 KiB and doubles when half its slots are taken (or an entry's cluster
//! is full while a quarter are), up to the full size, where the sampling collection takes
//! over. The cluster of a key is picked by the key's high bits, so doubling splits each
//! cluster into two neighbours. A solve touches memory in proportion to what it stores:
//! a short mate a few kilobytes, and the clear after it only the clusters it wrote.

use crate::error::TableError;
use crate::memory::Zeroed;
#[cfg(test)]
use crate::pn::LEN_INF;
use crate::pn::{INF, Len, Pn};
use shogi::Hand;

const CLUSTER: usize = 8;

/// What a lookup found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Probe {
    /// Mate within `len` plies, with the stored proof bound.
    Proven { len: Len, atk: Hand, def: Hand },
    /// No mate within `len` plies, with the stored disproof bound.
    Disproven { len: Len, atk: Hand, def: Hand },
    /// Search values from an earlier visit of exactly this position.
    Unknown { pn: Pn, dn: Pn },
    /// Never seen (or collected).
    Missing,
}

/// One entry without its key (the keys of a cluster sit together, see [`Cluster`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(C)]
struct Entry {
    /// [`Hand::bits`] of the attacker's hand or bound.
    atk: u32,
    /// [`Hand::bits`] of the defender's hand or bound.
    def: u32,
    pn: Pn,
    dn: Pn,
    /// Work spent on the entry (the replacement and collection priority); 0 = empty.
    amount: u32,
    /// Mate length bound (proven), no-mate horizon (disproven) or the horizon searched.
    len: Len,
    /// Always 0: spells out the padding, so that the table's memory can be viewed as
    /// entries.
    padding: u16,
}

impl Entry {
    fn atk(&self) -> Hand {
        Hand::from_bits(self.atk)
    }
    fn def(&self) -> Hand {
        Hand::from_bits(self.def)
    }
    fn is_empty(&self) -> bool {
        self.amount == 0
    }
    fn is_proven(&self) -> bool {
        self.pn == 0
    }
    fn is_disproven(&self) -> bool {
        self.dn == 0
    }
}

/// Eight entries on four whole cache lines: the eight keys fill the first line, so a
/// probe reads one line to find the matching slots and touches an entry's line only for
/// them (a cluster holds few entries of one board).
#[derive(Debug, Clone, Copy, Default, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(C, align(64))]
struct Cluster {
    keys: [u64; CLUSTER],
    entries: [Entry; CLUSTER],
}

impl Cluster {
    /// Slots holding `key` (an empty slot has key 0 and no amount).
    fn slots(&self, key: u64) -> impl Iterator<Item = usize> + '_ {
        // The eight key comparisons as one bit mask (a single vector compare), then only
        // the matching slots are visited.
        let mut hits = 0u32;
        for (i, &k) in self.keys.iter().enumerate() {
            hits |= u32::from(k == key) << i;
        }
        std::iter::successors((hits != 0).then_some(hits), |&h| {
            let rest = h & (h - 1);
            (rest != 0).then_some(rest)
        })
        .map(|h| h.trailing_zeros() as usize)
        .filter(move |&i| !self.entries[i].is_empty())
    }

    fn clear_slot(&mut self, i: usize) {
        self.keys[i] = 0;
        self.entries[i] = Entry::default();
    }

    /// The occupied slots as (key, entry), in slot order.
    fn occupied(&self) -> impl Iterator<Item = (u64, Entry)> + '_ {
        (0..CLUSTER)
            .filter(|&i| !self.entries[i].is_empty())
            .map(|i| (self.keys[i], self.entries[i]))
    }
}

/// The table. See the module documentation.
#[derive(Debug)]
pub(crate) struct Table {
    /// The clusters (an empty cluster is all zeros).
    memory: Zeroed<Cluster>,
    /// Clusters of the full-size table.
    clusters: usize,
    /// Clusters in use now: `clusters` divided by a power of two (see the module
    /// documentation); everything beyond them is zeros.
    active: usize,
    /// The size a clear returns to.
    initial: usize,
    /// The clusters that got their first entry since the last clear (a cluster emptied
    /// by a collection and filled again is listed twice), while there are at most
    /// `clusters / 16` of them: a clear writes only these. `None` once there were more
    /// (the clear then writes every cluster in use).
    written: Option<Vec<usize>>,
    /// Clusters from the start asked to be on huge pages (see [`Zeroed::prefer_huge_pages`]).
    huge_pages: usize,
    /// A bit per page of clusters ([`CLUSTERS_PER_PAGE`]) that has been written since the
    /// table was made; the clusters of a page without it are all empty and are never
    /// read. A read of a page never written maps the system's shared zero page there, and
    /// the first write then replaces that mapping, which in a process with a second
    /// thread on the other core costs an interrupt of that core to flush its TLB: two
    /// searching threads lost a third of their time to it. Written first, a page is
    /// mapped once, with no flush.
    written_pages: Vec<u64>,
    used: usize,
    gc_runs: u64,
}

/// Clusters a table starts with at least: 64 KiB, 2,048 entries (a short mate stores a
/// few dozen; the clear after it writes this much).
const INITIAL_CLUSTERS: usize = (64 << 10) / std::mem::size_of::<Cluster>();

/// Clusters on one 4 KiB page (the unit of [`Table::written_pages`]; with larger pages
/// its bits are only finer than needed).
const CLUSTERS_PER_PAGE: usize = 4096 / std::mem::size_of::<Cluster>();

/// Bytes one entry takes (for sizing and statistics).
pub(crate) const ENTRY_BYTES: usize = std::mem::size_of::<Cluster>() / CLUSTER;

impl Table {
    /// A table of at most `bytes` bytes (at least one cluster).
    ///
    /// # Errors
    ///
    /// [`TableError`] when the memory cannot be had.
    pub(crate) fn try_new(bytes: usize) -> Result<Table, TableError> {
        Table::with_initial(bytes, INITIAL_CLUSTERS)
    }

    /// [`Table::try_new`] starting from at least `least` clusters (all of them when the
    /// table's cluster count has no power-of-two divisor that leaves that many).
    fn with_initial(bytes: usize, least: usize) -> Result<Table, TableError> {
        let clusters = (bytes / (ENTRY_BYTES * CLUSTER)).max(1);
        let mut initial = clusters;
        while initial.is_multiple_of(2) && initial / 2 >= least {
            initial /= 2;
        }
        let memory = Zeroed::try_new(clusters)?;
        let pages = clusters.div_ceil(CLUSTERS_PER_PAGE);
        Ok(Table {
            memory,
            clusters,
            active: initial,
            initial,
            written: Some(Vec::new()),
            huge_pages: 0,
            written_pages: vec![0; pages.div_ceil(64)],
            used: 0,
            gc_runs: 0,
        })
    }

    /// [`Table::try_new`] for tests, whose sizes are small.
    #[cfg(test)]
    #[allow(clippy::expect_used)]
    pub(crate) fn new(bytes: usize) -> Table {
        Table::try_new(bytes).expect("a small table")
    }

    /// Empties the table and returns it to its initial size. Only the clusters that held
    /// entries are written (nothing at all when nothing was stored), so a short solve
    /// leaves a short clear even when a crowd of a few boards grew the table to its full
    /// size.
    pub(crate) fn clear(&mut self) {
        let memory = self.memory.get_mut();
        match self.written.as_mut() {
            Some(written) => {
                for c in written.drain(..) {
                    memory[c] = Cluster::default();
                }
            }
            None if self.used > 0 => memory[..self.active].fill(Cluster::default()),
            None => {}
        }
        self.written = Some(Vec::new());
        self.active = self.initial;
        self.used = 0;
    }

    /// Lists cluster `c`, which has just got its first entry, for the next clear.
    fn note_written(&mut self, c: usize) {
        if let Some(written) = self.written.as_mut() {
            if written.len() < self.clusters / 16 {
                written.push(c);
            } else {
                self.written = None;
            }
        }
    }

    pub(crate) fn capacity(&self) -> usize {
        self.clusters * CLUSTER
    }

    pub(crate) fn used(&self) -> usize {
        self.used
    }

    pub(crate) fn bytes(&self) -> usize {
        self.capacity() * ENTRY_BYTES
    }

    pub(crate) fn gc_runs(&self) -> u64 {
        self.gc_runs
    }

    fn cluster(&self, key: u64) -> usize {
        cluster_of(key, self.active)
    }

    /// Whether the page of cluster `c` has been written (else `c` is empty).
    fn page_written(&self, c: usize) -> bool {
        page_bit(&self.written_pages, c)
    }

    /// Reads one word of each cache line of `key`'s cluster: loads issued early so that
    /// the probe that follows finds the cluster in cache (the value itself is of no use).
    pub(crate) fn touch(&self, key: u64) -> u64 {
        let c = self.cluster(key);
        if !self.page_written(c) {
            return 0;
        }
        let c = &self.memory.get()[c];
        // One word of each of the cluster's four cache lines.
        c.keys[0] ^ u64::from(c.entries[0].atk ^ c.entries[3].amount ^ c.entries[6].amount)
    }

    /// Looks up a position within `horizon` plies (`LEN_INF` for an unbounded search).
    pub(crate) fn probe(&self, key: u64, atk: Hand, def: Hand, horizon: Len) -> Probe {
        let mut best = Probe::Missing;
        let c = self.cluster(key);
        if !self.page_written(c) {
            return best;
        }
        let cluster = &self.memory.get()[c];
        for e in cluster.slots(key).map(|i| &cluster.entries[i]) {
            if e.is_proven() {
                if e.len <= horizon && atk.dominates(e.atk()) && e.def().dominates(def) {
                    match best {
                        Probe::Proven { len, .. } if len <= e.len => {}
                        _ => {
                            best = Probe::Proven {
                                len: e.len,
                                atk: e.atk(),
                                def: e.def(),
                            }
                        }
                    }
                }
            } else if e.is_disproven() {
                let fits = e.len >= horizon && e.atk().dominates(atk) && def.dominates(e.def());
                if fits && !matches!(best, Probe::Proven { .. }) {
                    best = Probe::Disproven {
                        len: e.len,
                        atk: e.atk(),
                        def: e.def(),
                    };
                }
            } else if e.len == horizon
                && e.atk() == atk
                && e.def() == def
                && matches!(best, Probe::Missing)
            {
                best = Probe::Unknown { pn: e.pn, dn: e.dn };
            }
        }
        best
    }

    /// Stores search values of an unsolved position (exact hands, `horizon`).
    #[allow(clippy::too_many_arguments, reason = "one entry's fields")]
    pub(crate) fn store_unknown(
        &mut self,
        key: u64,
        atk: Hand,
        def: Hand,
        horizon: Len,
        pn: Pn,
        dn: Pn,
        work: u32,
    ) {
        let range = self.cluster(key);
        if self.page_written(range) {
            let cluster = &mut self.memory.get_mut()[range];
            for i in (0..CLUSTER).filter(|&i| cluster.keys[i] == key) {
                let e = &mut cluster.entries[i];
                if !e.is_empty()
                    && e.atk() == atk
                    && e.def() == def
                    && e.len == horizon
                    && !e.is_proven()
                    && !e.is_disproven()
                {
                    e.pn = pn;
                    e.dn = dn;
                    e.amount = e.amount.saturating_add(work);
                    return;
                }
            }
        }
        let entry = Entry {
            atk: atk.bits(),
            def: def.bits(),
            pn,
            dn,
            amount: work.max(1),
            len: horizon,
            padding: 0,
        };
        self.insert(range, key, entry);
    }

    /// Stores a proof bound: mate within `len` whenever hands satisfy the bound.
    pub(crate) fn store_proven(&mut self, key: u64, atk: Hand, def: Hand, len: Len, work: u32) {
        let range = self.cluster(key);
        let mut amount = work.max(1);
        // A cluster on a page never written is empty, and is not read.
        let slots = if self.page_written(range) { CLUSTER } else { 0 };
        let cluster = &mut self.memory.get_mut()[range];
        for i in 0..slots {
            let e = &cluster.entries[i];
            if cluster.keys[i] != key || e.is_empty() {
                continue;
            }
            if e.is_proven() && atk.dominates(e.atk()) && e.def().dominates(def) && e.len <= len {
                return; // an equal or stronger proof is already there
            }
            // Unsolved entries this proof now covers are dropped; their work carries over.
            // (An unsolved entry's `len` is its horizon: covered when the proof answers it.)
            let covered = !e.is_disproven()
                && e.len >= len
                && e.atk().dominates(atk)
                && def.dominates(e.def());
            if covered {
                amount = amount.saturating_add(e.amount);
                cluster.clear_slot(i);
                self.used -= 1;
            }
        }
        self.insert(
            range,
            key,
            Entry {
                atk: atk.bits(),
                def: def.bits(),
                pn: 0,
                dn: INF,
                amount,
                len,
                padding: 0,
            },
        );
    }

    /// Stores a disproof bound: no mate within `len` (or ever, with `LEN_INF`).
    pub(crate) fn store_disproven(&mut self, key: u64, atk: Hand, def: Hand, len: Len, work: u32) {
        let range = self.cluster(key);
        let mut amount = work.max(1);
        // A cluster on a page never written is empty, and is not read.
        let slots = if self.page_written(range) { CLUSTER } else { 0 };
        let cluster = &mut self.memory.get_mut()[range];
        for i in 0..slots {
            let e = &cluster.entries[i];
            if cluster.keys[i] != key || e.is_empty() {
                continue;
            }
            if e.is_disproven() && e.atk().dominates(atk) && def.dominates(e.def()) && e.len >= len
            {
                return;
            }
            let covered =
                !e.is_proven() && e.len <= len && atk.dominates(e.atk()) && e.def().dominates(def);
            if covered {
                amount = amount.saturating_add(e.amount);
                cluster.clear_slot(i);
                self.used -= 1;
            }
        }
        self.insert(
            range,
            key,
            Entry {
                atk: atk.bits(),
                def: def.bits(),
                pn: INF,
                dn: 0,
                amount,
                len,
                padding: 0,
            },
        );
    }

    fn insert(&mut self, mut range: usize, key: u64, mut entry: Entry) {
        if self.active > self.huge_pages && self.used * 8 >= self.active * CLUSTER {
            self.memory.prefer_huge_pages(self.active);
            self.huge_pages = self.active;
        }
        if self.used * 10 > self.capacity() * 9 {
            self.collect();
        }
        // Below its full size the table doubles when half its slots are taken, and when
        // the entry's cluster is full while a quarter are: a cluster full at a lower load
        // is a crowd of one board's hands (or bad luck), which doubling seldom parts.
        while self.active < self.clusters
            && (self.used * 2 >= self.active * CLUSTER
                || self.used * 4 >= self.active * CLUSTER
                    && self.page_written(range)
                    && self.memory.get()[range].occupied().count() == CLUSTER)
        {
            self.grow();
            range = self.cluster(key);
        }
        entry.padding = 0;
        if !self.page_written(range) {
            // The page's first write, before anything on it is read: its cluster is empty.
            mark_page(&mut self.written_pages, range);
            let cluster = &mut self.memory.get_mut()[range];
            cluster.keys[0] = key;
            cluster.entries[0] = entry;
            self.used += 1;
            self.note_written(range);
            return;
        }
        let cluster = &mut self.memory.get_mut()[range];
        let slot = cluster.entries.iter().position(Entry::is_empty);
        let first = slot == Some(0) && cluster.entries.iter().all(Entry::is_empty);
        let i = slot.unwrap_or_else(|| {
            // Replace the entry that cost least to compute.
            (0..CLUSTER)
                .min_by_key(|&i| cluster.entries[i].amount)
                .unwrap_or(0)
        });
        cluster.keys[i] = key;
        cluster.entries[i] = entry;
        if slot.is_some() {
            self.used += 1;
        }
        if first {
            self.note_written(range);
        }
    }

    /// Doubles the clusters in use: cluster `c` splits into `2c` and `2c + 1` (the next
    /// bit of each key picks), in place from the last one down (every cluster above `c`
    /// has been moved out by then, so both are empty until `c`'s entries arrive). The
    /// entries keep their order. Empty clusters are not written: the memory beyond the
    /// clusters in use is zeros.
    fn grow(&mut self) {
        let active = self.active * 2;
        let memory = self.memory.get_mut();
        let pages = &mut self.written_pages;
        let mut written = self.written.take().map(|_| Vec::new());
        for c in (0..self.active).rev() {
            if !page_bit(pages, c) {
                continue;
            }
            let old = memory[c];
            if old.entries.iter().all(Entry::is_empty) {
                continue;
            }
            memory[c] = Cluster::default();
            // The next free slot of `2c` and `2c + 1`, counted here: reading it from the
            // target, a line last written long before, stalled each move on a cache
            // miss (grow was 6 % of the full answer's time on the generated problems).
            let mut next = [0usize; 2];
            for (key, e) in old.occupied() {
                let t = cluster_of(key, active);
                mark_page(pages, t);
                let i = &mut next[t - 2 * c];
                let target = &mut memory[t];
                target.keys[*i] = key;
                target.entries[*i] = e;
                *i += 1;
                if *i == 1
                    && let Some(list) = written.as_mut()
                {
                    list.push(t);
                }
            }
        }
        self.active = active;
        self.written = written.filter(|list| list.len() <= self.clusters / 16);
    }

    /// Sampling garbage collection: estimate the median work of stored entries from a
    /// sample and drop every entry at or below it, so about half the table frees up.
    fn collect(&mut self) {
        self.gc_runs += 1;
        let step = (self.capacity() / 4096).max(1);
        let pages = &self.written_pages;
        let mut sample: Vec<u32> = self
            .memory
            .get()
            .iter()
            .enumerate()
            // Pages never written are empty and not read (see `written_pages`).
            .flat_map(|(c, cluster)| match page_bit(pages, c) {
                true => cluster.entries,
                false => [Entry::default(); CLUSTER],
            })
            .step_by(step)
            .filter(|e| !e.is_empty())
            .map(|e| e.amount)
            .collect();
        if sample.is_empty() {
            return;
        }
        let mid = sample.len() / 2;
        let (_, &mut cut, _) = sample.select_nth_unstable(mid);
        let mut used = 0;
        let pages = &self.written_pages;
        for (index, c) in self.memory.get_mut().iter_mut().enumerate() {
            if !page_bit(pages, index) {
                continue;
            }
            for i in 0..CLUSTER {
                if c.entries[i].is_empty() {
                    continue;
                }
                if c.entries[i].amount <= cut {
                    c.clear_slot(i);
                } else {
                    used += 1;
                }
            }
        }
        self.used = used;
    }
}

/// Whether the page of cluster `c` is marked in `pages` (see [`Table::written_pages`]).
fn page_bit(pages: &[u64], c: usize) -> bool {
    let page = c / CLUSTERS_PER_PAGE;
    pages[page / 64] >> (page % 64) & 1 != 0
}

/// Marks the page of cluster `c` in `pages`, before it is written.
fn mark_page(pages: &mut [u64], c: usize) {
    let page = c / CLUSTERS_PER_PAGE;
    pages[page / 64] |= 1 << (page % 64);
}

/// The cluster of `key` among `clusters`: the high bits pick it (multiply-shift avoids a
/// division), so the cluster among twice as many is `2c` or `2c + 1`.
fn cluster_of(key: u64, clusters: usize) -> usize {
    ((u128::from(key) * clusters as u128) >> 64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi::PieceKind;

    fn hand(pairs: &[(PieceKind, u8)]) -> Hand {
        let mut h = Hand::EMPTY;
        for &(k, n) in pairs {
            h.set(k, n).unwrap();
        }
        h
    }

    #[test]
    fn proof_covers_superior_attacker_hands() {
        let mut t = Table::new(1 << 16);
        let g = hand(&[(PieceKind::Gold, 1)]);
        t.store_proven(42, g, Hand::UNLIMITED, 3, 1);
        let more = hand(&[(PieceKind::Gold, 2), (PieceKind::Pawn, 1)]);
        assert!(matches!(
            t.probe(42, more, Hand::EMPTY, 5),
            Probe::Proven { len: 3, .. }
        ));
        assert!(matches!(t.probe(42, more, Hand::EMPTY, 1), Probe::Missing));
        assert!(matches!(
            t.probe(42, Hand::EMPTY, Hand::EMPTY, 5),
            Probe::Missing
        ));
        assert!(matches!(t.probe(43, more, Hand::EMPTY, 5), Probe::Missing));
    }

    #[test]
    fn disproof_covers_inferior_attacker_hands() {
        let mut t = Table::new(1 << 16);
        let g = hand(&[(PieceKind::Gold, 1)]);
        t.store_disproven(7, g, Hand::EMPTY, LEN_INF, 1);
        assert!(matches!(
            t.probe(7, Hand::EMPTY, g, 9),
            Probe::Disproven { .. }
        ));
        assert!(matches!(
            t.probe(7, hand(&[(PieceKind::Gold, 2)]), g, 9),
            Probe::Missing
        ));
        // A finite disproof only answers shorter horizons.
        t.store_disproven(8, g, Hand::EMPTY, 5, 1);
        assert!(matches!(
            t.probe(8, g, Hand::EMPTY, 5),
            Probe::Disproven { .. }
        ));
        assert!(matches!(t.probe(8, g, Hand::EMPTY, 7), Probe::Missing));
    }

    #[test]
    fn unknown_needs_exact_hands_and_proof_replaces_it() {
        let mut t = Table::new(1 << 16);
        let g = hand(&[(PieceKind::Gold, 1)]);
        t.store_unknown(9, g, Hand::EMPTY, LEN_INF, 4, 2, 10);
        assert_eq!(
            t.probe(9, g, Hand::EMPTY, LEN_INF),
            Probe::Unknown { pn: 4, dn: 2 }
        );
        assert_eq!(
            t.probe(9, Hand::EMPTY, Hand::EMPTY, LEN_INF),
            Probe::Missing
        );
        t.store_proven(9, Hand::EMPTY, Hand::UNLIMITED, 7, 1);
        assert_eq!(t.used(), 1);
        assert!(matches!(
            t.probe(9, g, Hand::EMPTY, LEN_INF),
            Probe::Proven { len: 7, .. }
        ));
    }

    #[test]
    fn unknown_entries_are_per_horizon() {
        let mut t = Table::new(1 << 16);
        t.store_unknown(5, Hand::EMPTY, Hand::EMPTY, 9, 3, 4, 1);
        t.store_unknown(5, Hand::EMPTY, Hand::EMPTY, LEN_INF, 1, 8, 1);
        assert_eq!(
            t.probe(5, Hand::EMPTY, Hand::EMPTY, 9),
            Probe::Unknown { pn: 3, dn: 4 }
        );
        assert_eq!(t.probe(5, Hand::EMPTY, Hand::EMPTY, 7), Probe::Missing);
        // A mate in 11 answers the unbounded search but not "mate within 9?".
        t.store_proven(5, Hand::EMPTY, Hand::UNLIMITED, 11, 1);
        assert_eq!(
            t.probe(5, Hand::EMPTY, Hand::EMPTY, 9),
            Probe::Unknown { pn: 3, dn: 4 }
        );
        assert!(matches!(
            t.probe(5, Hand::EMPTY, Hand::EMPTY, LEN_INF),
            Probe::Proven { len: 11, .. }
        ));
        assert_eq!(t.used(), 2);
    }

    /// A table that starts small and grows answers every probe as the full-size table
    /// does, holds the same number of entries after every store, and once grown to the
    /// full size is the same memory, bit for bit; a clear returns it to its first size.
    /// Below its full size the table keeps every entry (it grows instead of replacing
    /// one) and doubles only as its load asks; a clear writes zeros over all it wrote and
    /// returns it to its first size.
    #[test]
    fn a_growing_table_keeps_every_entry_and_clears_what_it_wrote() {
        let mut table = Table::with_initial(4096 * CLUSTER * ENTRY_BYTES, 1).unwrap();
        assert_eq!(table.active, 1);
        let hands: Vec<Hand> = (0..4).map(|g| hand(&[(PieceKind::Gold, g)])).collect();
        for round in 0..3u64 {
            let keys: Vec<u64> = (1..=2_000u64)
                .map(|k| (k + 7 * round).wrapping_mul(0x9e37_79b9_7f4a_7c15))
                .collect();
            for (n, &key) in keys.iter().enumerate() {
                // Two entries per board (two hands), as the solver stores them.
                for (i, &atk) in hands[..2].iter().enumerate() {
                    table.store_unknown(key, atk, Hand::EMPTY, 5, n as u32 + 1, i as u32 + 1, 1);
                }
                assert_eq!(table.used(), 2 * (n + 1));
                assert!(table.active * CLUSTER <= 8 * table.used().max(CLUSTER));
            }
            for (n, &key) in keys.iter().enumerate() {
                for (i, &atk) in hands[..2].iter().enumerate() {
                    let (pn, dn) = (n as u32 + 1, i as u32 + 1);
                    assert_eq!(
                        table.probe(key, atk, Hand::EMPTY, 5),
                        Probe::Unknown { pn, dn }
                    );
                }
                assert_eq!(table.probe(key, hands[3], Hand::EMPTY, 5), Probe::Missing);
            }
            table.clear();
            assert_eq!((table.active, table.used()), (1, 0));
            assert!(table.memory.get().iter().all(|c| *c == Cluster::default()));
        }
    }

    #[test]
    fn never_grows_past_capacity() {
        let mut t = Table::new(64 * ENTRY_BYTES);
        let cap = t.capacity();
        for k in 0..10_000u64 {
            t.store_unknown(
                k.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                Hand::EMPTY,
                Hand::EMPTY,
                LEN_INF,
                1,
                1,
                (k % 13) as u32 + 1,
            );
            assert!(t.used() <= cap);
        }
        assert_eq!(t.capacity(), cap);
        assert!(t.gc_runs() > 0);
    }
}
