package csvline

import "strings"

// ParseCSVLine splits one CSV record into its fields, honouring double quotes and "" escapes.
func ParseCSVLine(line string) []string {
	var fields []string
	var field strings.Builder
	quoted := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quoted && c == '"' && i+1 < len(line) && line[i+1] == '"':
			field.WriteByte('"')
			i++
		case c == '"':
			quoted = !quoted
		case c == ',' && !quoted:
			fields = append(fields, field.String())
			field.Reset()
		default:
			field.WriteByte(c)
		}
	}
	return append(fields, field.String())
}
