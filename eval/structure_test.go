package eval

import (
	"slices"
	"testing"
)

func TestParseMarkdown(t *testing.T) {
	tests := []struct {
		name     string
		md       string
		headings []string
		code     []string
	}{
		{"headings", "# Title\n\ntext\n## Second ##\n   ### Indented\n    #### four spaces: code\n####### seven\n#nospace\n> ## Quoted\n",
			[]string{"Title", "Second", "Indented", "Quoted"}, nil},
		{"empty heading", "#\n## \n", []string{"", ""}, nil},
		{"link targets", "## [Install](https://example.org/install) the ![logo](l.png) tool\n",
			[]string{"[Install] the ![logo] tool"}, nil},
		{"fences", "```go\nfunc main() {\n\n# not a heading\n}\n```\ntext\n~~~~\nls\n~~~\nstill code\n~~~~\n",
			nil, []string{"func main() {\n\n# not a heading\n}", "ls\n~~~\nstill code"}},
		{"closing fence longer", "```\na\n`````\n# After\n", []string{"After"}, []string{"a"}},
		{"inline code is no fence", "``` not a `fence` ```\n# Heading\n", []string{"Heading"}, nil},
		{"indented fence in a list", "- step:\n\n   ```bash\n   make\n   ```\n", nil, []string{"   make"}},
		{"quoted fence", "> ```\n> >>> print(1)\n> ```\n", nil, []string{">>> print(1)"}},
		{"blank block dropped", "```\n\n```\n", nil, nil},
		{"left open", "```\nopen to the end\n", nil, []string{"open to the end"}},
		{"CRLF", "## Windows\r\n```\r\nx\r\n```\r\n", []string{"Windows"}, []string{"x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := ParseMarkdown(tt.md)
			if !slices.Equal(s.Headings, tt.headings) {
				t.Errorf("headings %q, want %q", s.Headings, tt.headings)
			}
			if !slices.Equal(s.Code, tt.code) {
				t.Errorf("code %q, want %q", s.Code, tt.code)
			}
		})
	}
}
