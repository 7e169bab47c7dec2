use std::thread;
use std::time::Duration;

/// Calls `op` until it succeeds, sleeping exponentially longer between attempts.
/// Returns the last error when every attempt failed.
pub fn retry<T, E, F>(mut op: F, attempts: u32, base: Duration) -> Result<T, E>
where
    F: FnMut() -> Result<T, E>,
{
    let mut attempt = 0;
    loop {
        match op() {
            Ok(value) => return Ok(value),
            Err(err) if attempt + 1 >= attempts => return Err(err),
            Err(_) => {
                // 1x, 2x, 4x, ... the base delay
                thread::sleep(base * 2u32.pow(attempt));
                attempt += 1;
            }
        }
    }
}
