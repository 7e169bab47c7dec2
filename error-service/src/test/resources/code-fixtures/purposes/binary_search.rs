/// Binary search over a sorted slice: the index of `target`, or `None` when it is absent.
pub fn binary_search<T: Ord>(sorted: &[T], target: &T) -> Option<usize> {
    let (mut lo, mut hi) = (0usize, sorted.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match sorted[mid].cmp(target) {
            std::cmp::Ordering::Equal => return Some(mid),
            std::cmp::Ordering::Less => lo = mid + 1,
            std::cmp::Ordering::Greater => hi = mid,
        }
    }
    None
}
