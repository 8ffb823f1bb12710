package extension

import (
	"strings"
	"testing"
)

func TestPatchNonblock(t *testing.T) {
	src := "package p\n\nimport (\n\t\"os\"\n\t\"syscall\"\n)\n\nvar f = os.O_RDONLY | syscall.O_NONBLOCK\n"
	got, ok := patchNonblock(src)
	if !ok || strings.Contains(got, "O_NONBLOCK") || !strings.Contains(got, "\t_ \"syscall\"\n") || !strings.Contains(got, "os.O_RDONLY | 0") {
		t.Errorf("patched (%v):\n%s", ok, got)
	}
	// Other uses of syscall keep the import as it is.
	src = strings.Replace(src, "var f", "var g = syscall.Stdin\nvar f", 1)
	if got, _ := patchNonblock(src); strings.Contains(got, "_ \"syscall\"") {
		t.Errorf("import blanked though syscall is used:\n%s", got)
	}
	if _, ok := patchNonblock("package p\n"); ok {
		t.Error("a file without the name was patched")
	}
	// A build that failed for another reason gets no overlay.
	if o, _, err := jsOverlay("# example.com/p\n./p.go:3:1: undefined: x\n"); o != "" || err != nil {
		t.Errorf("overlay %q, %v for an unrelated failure", o, err)
	}
}
