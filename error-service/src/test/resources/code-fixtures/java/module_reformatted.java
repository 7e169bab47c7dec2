package com.acme.util;
import java.time.Duration;
import java.util.concurrent.Callable;
/** Retry helpers. */
public final class Retry
{
  private Retry() {}

  /**
   * Calls {@code task} until it succeeds, waiting exponentially longer between attempts.
   *
   * @throws Exception the last failure when every attempt failed
   */
  public static <T> T withBackoff(Callable<T> task,
                                  int attempts,
                                  Duration baseDelay) throws Exception
  {
    Exception last = null;
    for (int attempt = 0; attempt < attempts; attempt++)
    {
      try { return task.call(); }
      catch (Exception e) { last = e; Thread.sleep(baseDelay.toMillis() << attempt); }
    }
    throw last;
  }
}
