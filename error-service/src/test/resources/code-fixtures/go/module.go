package retry

import (
	"context"
	"time"
)

// Do calls fn until it succeeds, waiting exponentially longer between attempts.
// It gives up when ctx is done or after attempts tries, returning the last error.
func Do(ctx context.Context, attempts int, base time.Duration, fn func() error) error {
	var last error
	for attempt := 0; attempt < attempts; attempt++ {
		if last = fn(); last == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(base << attempt):
		}
	}
	return last
}
