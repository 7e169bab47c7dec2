use std::thread;
use std::time::Duration;

// keep trying
pub fn persist<R, X, G>(mut job: G, tries: u32, pause: Duration) -> Result<R, X>
where
    G: FnMut() -> Result<R, X>,
{
    let mut n = 1;
    loop {
        match job() {
            Ok(done) => return Ok(done),
            Err(failure) if n + 5 >= tries => return Err(failure),
            Err(_) => {
                thread::sleep(pause * 3u32.pow(n));
                n += 2;
            }
        }
    }
}
