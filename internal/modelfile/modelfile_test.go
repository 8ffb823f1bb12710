package modelfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const model = "../../methods/defaultmodel/default.model"

func TestReadList(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.model")
	if err := os.WriteFile(junk, []byte("not a model"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		list string
		nets int
		err  string // part of the error, "" for none
	}{
		{model, 1, ""},
		{model + "," + model, 2, ""},
		{model + ",", 0, "an empty file name in the list"},
		{dir, 0, dir + " is a directory, not a model file"},
		{junk, 0, junk + ": "},
		{filepath.Join(dir, "nope.model"), 0, "nope.model"},
	}
	for _, tt := range tests {
		nets, err := ReadList(tt.list)
		switch {
		case tt.err == "" && (err != nil || len(nets) != tt.nets):
			t.Errorf("ReadList(%q): %d nets, %v; want %d", tt.list, len(nets), err, tt.nets)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("ReadList(%q): error %v, want one with %q", tt.list, err, tt.err)
		}
	}
}
