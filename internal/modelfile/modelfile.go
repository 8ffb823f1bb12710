// Package modelfile reads model files named on a command line or by a
// caller of the C interface: one file, or an ensemble given as a
// comma-separated list.
package modelfile

import (
	"fmt"
	"os"
	"strings"
	"syscall"

	"github.com/boilernet/boilernet/bilstm"
)

// Read reads one model file. It is opened without blocking, so that a
// FIFO without a writer reads as empty (an error) instead of hanging in
// open; a directory is refused by name.
func Read(path string) (*bilstm.Model, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s is a directory, not a model file", path)
	}
	m, err := bilstm.ReadModel(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// ReadList reads the model files of a comma-separated list, in its order.
func ReadList(list string) ([]*bilstm.Model, error) {
	var nets []*bilstm.Model
	for p := range strings.SplitSeq(list, ",") {
		if p == "" {
			return nil, fmt.Errorf("%q: an empty file name in the list", list)
		}
		m, err := Read(p)
		if err != nil {
			return nil, err
		}
		nets = append(nets, m)
	}
	return nets, nil
}
