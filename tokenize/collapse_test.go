package tokenize

import "testing"

var collapseCases = []string{
	"", " ", "\n\t ", "a", " a", "a ", "  a  b  ", "a b c", "a  b", "a\tb", "a\nb", "a\r\nb",
	"a\u00a0b", "\u00a0a", "a\u200bb", "a \u00a0b", "\u00a0 a", "caf\xc3\xa9 au lait", "bad\xffbyte",
	"a\ufffdb", " \xff ", "x\n", "\nx\ny\n", "x \n y", "one two three four",
}

// TestCollapseWithoutCopy checks the copy-free path against the copying one.
func TestCollapseWithoutCopy(t *testing.T) {
	fast := 0
	for _, s := range collapseCases {
		for _, pre := range []bool{false, true} {
			checkCollapse(t, s, pre)
			if _, _, _, ok := collapsed(s, pre); ok {
				fast++
			}
		}
	}
	if fast < len(collapseCases) {
		t.Errorf("only %d of %d cases took the copy-free path", fast, 2*len(collapseCases))
	}
}

func checkCollapse(t *testing.T, s string, pre bool) {
	t.Helper()
	out, lead, trail, ok := collapsed(s, pre)
	if !ok {
		return
	}
	wOut, wLead, wTrail := collapseCopy(s, pre)
	if out != wOut || lead != wLead || trail != wTrail {
		t.Errorf("collapse(%q, pre %v): copy-free %q %v %v, copying %q %v %v", s, pre, out, lead, trail, wOut, wLead, wTrail)
	}
}

func FuzzCollapse(f *testing.F) {
	for _, s := range collapseCases {
		f.Add(s, false)
	}
	f.Fuzz(checkCollapse)
}
