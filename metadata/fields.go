package metadata

import "strings"

// A Field is one field of a Metadata as a person reads it: its name and
// its value in one line.
type Field struct{ Name, Value string }

// Fields lists the fields of m that are set, in the order boilernet
// metadata prints them ("title: ..." a line): title, authors (joined by
// "; "), published, modified, site, language (" (detected)" after a
// detected one), description, canonical, image and tags (joined by ", ").
func (m *Metadata) Fields() []Field {
	lang := m.Language
	if m.LanguageDetected {
		lang += " (detected)"
	}
	var out []Field
	for _, f := range []Field{{"title", m.Title}, {"authors", strings.Join(m.Authors, "; ")}, {"published", m.Published},
		{"modified", m.Modified}, {"site", m.SiteName}, {"language", lang}, {"description", m.Description},
		{"canonical", m.Canonical}, {"image", m.Image}, {"tags", strings.Join(m.Tags, ", ")}} {
		if f.Value != "" {
			out = append(out, f)
		}
	}
	return out
}
