package helpers

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/mail"
)

// MaxRetries is how often callers retry by default.
const MaxRetries = 3

// Clamp limits v to the range [lo, hi].
func Clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// Sha256Hex is the SHA-256 of s, hex encoded.
func Sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// FormatBytes formats a byte count for people: 1536 → "1.5 KiB".
func FormatBytes(n int64) string {
	if n < 1024 {
		return fmt.Sprintf("%d B", n)
	}
	value, unit := float64(n), 0
	for value >= 1024 && unit < 4 {
		value /= 1024
		unit++
	}
	return fmt.Sprintf("%.1f %ciB", value, "KMGT"[unit-1])
}

// IsEmail reports whether s parses as an e-mail address.
func IsEmail(s string) bool {
	_, err := mail.ParseAddress(s)
	return err == nil
}

// Pair holds two values.
type Pair[A any, B any] struct {
	First  A
	Second B
}
