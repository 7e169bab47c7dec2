/// Chunks a slice into vectors of at most `size` elements, in order; the last chunk may be shorter.
pub fn chunk<T: Clone>(items: &[T], size: usize) -> Vec<Vec<T>> {
    assert!(size > 0, "size must be positive");
    items.chunks(size).map(|part| part.to_vec()).collect()
}
