use sha2::{Digest, Sha256};

/// How often callers retry by default.
pub const MAX_RETRIES: u32 = 3;

/// Limits `v` to the range `[lo, hi]`.
pub fn clamp(v: i64, lo: i64, hi: i64) -> i64 {
    v.max(lo).min(hi)
}

/// SHA-256 of a text, hex encoded.
pub fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{:02x}", b)).collect()
}

/// Splits a slice into chunks of `size`.
pub fn chunk<T: Clone>(items: &[T], size: usize) -> Vec<Vec<T>> {
    items.chunks(size).map(|c| c.to_vec()).collect()
}

/// A pair of values.
#[derive(Debug, Clone, PartialEq)]
pub struct Pair<A, B> {
    pub first: A,
    pub second: B,
}

pub(crate) fn internal_only() {}
