//! The children of a tree node. Most nodes have one, the next move of their line: that id
//! is kept in the node itself, and only a node with variations allocates a list (a list for
//! every node was an allocation per move read).

use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};

use super::NodeId;

/// The ids of a node's children, in order.
#[derive(Debug, Clone)]
pub(crate) enum Children {
    /// None or one.
    One(Option<NodeId>),
    /// Two or more.
    Many(Vec<NodeId>),
}

impl Children {
    pub(crate) const NONE: Children = Children::One(None);

    pub(crate) fn push(&mut self, id: NodeId) {
        match self {
            Children::One(None) => *self = Children::One(Some(id)),
            Children::One(Some(first)) => *self = Children::Many(vec![*first, id]),
            Children::Many(ids) => ids.push(id),
        }
    }
}

impl Deref for Children {
    type Target = [NodeId];

    fn deref(&self) -> &[NodeId] {
        match self {
            Children::One(None) => &[],
            Children::One(Some(id)) => std::slice::from_ref(id),
            Children::Many(ids) => ids,
        }
    }
}

impl DerefMut for Children {
    fn deref_mut(&mut self) -> &mut [NodeId] {
        match self {
            Children::One(None) => &mut [],
            Children::One(Some(id)) => std::slice::from_mut(id),
            Children::Many(ids) => ids,
        }
    }
}

// Equal lists are equal however they are held.
impl PartialEq for Children {
    fn eq(&self, other: &Children) -> bool {
        **self == **other
    }
}

impl Eq for Children {}

impl Hash for Children {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(n: u32) -> Vec<NodeId> {
        (1..=n).map(NodeId).collect()
    }

    #[test]
    fn pushes_keep_order_past_the_inline_one() {
        let mut c = Children::NONE;
        let mut want = Vec::new();
        for id in ids(4) {
            assert_eq!(&*c, want.as_slice());
            c.push(id);
            want.push(id);
        }
        assert_eq!(&*c, want.as_slice());
        c.rotate_right(1);
        want.rotate_right(1);
        assert_eq!(&*c, want.as_slice());
        assert_eq!(Children::One(Some(want[0])), Children::Many(vec![want[0]]));
        assert_ne!(Children::NONE, Children::One(Some(want[0])));
    }
}
