// Package scores writes the token scores of several extraction methods
// over several datasets, the table the bench experiments print.
package scores

import (
	"fmt"
	"io"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
)

// Write scores methods on the split of each dataset folder in dirs
// (eval.Compare with the default load options) and writes a line per
// dataset and method with its token precision / recall / F1 (means over
// the pages), then a line per method with their means over the datasets.
// done, if not nil, is called after each dataset, e.g. to drop what the
// methods cached of its pages.
func Write(w io.Writer, dirs []string, split string, methods []eval.Method, done func()) error {
	width := 0
	for _, m := range methods {
		width = max(width, len(m.Name)+1)
	}
	sums := make([]eval.PRF, len(methods))
	for _, dir := range dirs {
		ds, err := data.Open(dir)
		if err != nil {
			return err
		}
		rep, err := eval.Compare(ds, split, methods, data.Options{}, nil)
		if err != nil {
			return err
		}
		if done != nil {
			done()
		}
		for k, m := range rep.Methods {
			fmt.Fprintf(w, "%-10s %-*s %.3f / %.3f / %.3f\n", ds.Name, width, m.Method, m.Tokens.Precision, m.Tokens.Recall, m.Tokens.F1)
			sums[k].Precision += m.Tokens.Precision
			sums[k].Recall += m.Tokens.Recall
			sums[k].F1 += m.Tokens.F1
		}
	}
	n := float64(len(dirs))
	for k, m := range methods {
		fmt.Fprintf(w, "%-10s %-*s %.4f / %.4f / %.4f\n", "mean", width, m.Name, sums[k].Precision/n, sums[k].Recall/n, sums[k].F1/n)
	}
	return nil
}
