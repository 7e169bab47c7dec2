package units

import "fmt"

// FormatBytes renders a byte count in binary units for people, such as "1.5 KiB" or "3.2 GiB".
func FormatBytes(n int64) string {
	if n < 1024 {
		return fmt.Sprintf("%d B", n)
	}
	value, unit := float64(n), 0
	for value >= 1024 && unit < 5 {
		value /= 1024
		unit++
	}
	return fmt.Sprintf("%.1f %ciB", value, "KMGTPE"[unit-1])
}
