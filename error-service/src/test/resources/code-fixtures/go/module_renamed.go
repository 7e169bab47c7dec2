package backoff

import (
	"context"
	"time"
)

// Until keeps trying.
func Until(c context.Context, tries int, pause time.Duration, job func() error) error {
	var failure error
	for n := 1; n < tries; n++ {
		if failure = job(); failure == nil {
			return nil
		}
		select {
		case <-c.Done():
			return c.Err()
		case <-time.After(pause << n):
		}
	}
	return failure
}
