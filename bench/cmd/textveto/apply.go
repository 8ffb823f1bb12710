package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/methods/decode"
	"github.com/boilernet/boilernet/methods/defaultmodel"
	"github.com/boilernet/boilernet/tokenize"
)

// veto is one setting of the veto: the kept blocks of a unit (a block or
// a line, as the model reads) are dropped when the text model's
// P(content) of their text is below T and the network's of each below P
// (P ≥ 1: the network's is not asked, a P(content) of 1 included). The
// baseline vetoes nothing (T = 0).
type veto struct {
	Name string
	T, P float64
}

// drops tells whether v drops a unit (a block or a line) of text
// P(content) q whose kept blocks' highest network P(content) is p.
func (v veto) drops(q, p float64) bool { return q < v.T && (v.P >= 1 || p < v.P) }

// vetoes returns the baseline and a veto for each pair of ts and ps.
func vetoes(ts, ps []float64) []veto {
	out := []veto{{Name: "base"}}
	for _, p := range ps {
		for _, t := range ts {
			name := "veto-t" + strconv.FormatFloat(t, 'g', -1, 64)
			if p < 1 {
				name += "-p" + strconv.FormatFloat(p, 'g', -1, 64)
			}
			out = append(out, veto{Name: name, T: t, P: p})
		}
	}
	return out
}

// tally is what one veto drops on one dataset.
type tally struct {
	units                int     // blocks or lines dropped
	content, boilerplate float64 // their words, by the gold
	labels               eval.LabelCounts
}

func parseFloats(s string) ([]float64, error) {
	var out []float64
	for _, f := range strings.Split(s, ",") {
		x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil {
			return nil, fmt.Errorf("%q: %w", s, err)
		}
		out = append(out, x)
	}
	return out, nil
}

func apply(args []string) error {
	fs := flag.NewFlagSet("apply", flag.ExitOnError)
	pf := addPageFlags(fs, "dev")
	path := fs.String("model", "", "model file of fit")
	tList := fs.String("t", "0.05,0.1,0.2,0.3", "thresholds on the text model's P(content), comma-separated")
	pList := fs.String("p", "1,0.95", "thresholds on the network's P(content), comma-separated (1: any)")
	out := fs.String("out", "", "folder for the outputs (base.jsonl and one file per veto)")
	list := fs.String("list", "", "file for the units (blocks or lines) with a kept block whose text P(content) is below the largest t (TSV: dataset, id, gold content words/words kept, network P (highest of the kept blocks), text P, text)")
	fs.Parse(args)
	m, err := loadModel(*path)
	if err != nil {
		return err
	}
	ts, err := parseFloats(*tList)
	if err != nil {
		return fmt.Errorf("-t: %w", err)
	}
	ps, err := parseFloats(*pList)
	if err != nil {
		return fmt.Errorf("-p: %w", err)
	}
	vs := vetoes(ts, ps)
	maxT := 0.0
	for _, v := range vs {
		maxT = max(maxT, v.T)
	}
	net, err := defaultmodel.Load()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	files := make([]*os.File, len(vs))
	writers := make([]*bufio.Writer, len(vs))
	for k, v := range vs {
		if files[k], err = os.Create(filepath.Join(*out, v.Name+".jsonl")); err != nil {
			return err
		}
		defer files[k].Close()
		writers[k] = bufio.NewWriter(files[k])
	}
	var lw *bufio.Writer
	if *list != "" {
		f, err := os.Create(*list)
		if err != nil {
			return err
		}
		defer f.Close()
		lw = bufio.NewWriter(f)
		defer lw.Flush()
	}
	tallies := map[string][]tally{}
	var names []string
	for p, err := range pf.pages() {
		if err != nil {
			return err
		}
		d := p.doc
		if tallies[d.Dataset] == nil {
			tallies[d.Dataset] = make([]tally, len(vs))
			names = append(names, d.Dataset)
		}
		labels, err := eval.ReadPageLabels(p.ds, d)
		if err != nil {
			return err
		}
		probs := net.Probabilities(d.Page.Blocks)
		sel, err := decode.Default().Select(d.Page.Blocks, probs)
		if err != nil {
			return fmt.Errorf("%s %s: %w", d.Dataset, d.ID, err)
		}
		// each unit with a kept block: its text's P(content), and the
		// network's highest over its kept blocks
		units := lines(d.Page.Blocks, m.Unit)
		q, netP := make([]float64, len(units)), make([]float64, len(units))
		judged := make([]bool, len(units))
		for u, idx := range units {
			text := unitText(d.Page.Blocks, idx, sel)
			if text == "" {
				continue
			}
			judged[u], q[u] = true, m.prob(features(text, m.Bits))
			var words, content int
			for _, i := range idx {
				if sel[i] {
					netP[u] = max(netP[u], float64(probs[i]))
					n := tokenize.CountWords(d.Page.Blocks[i].Text)
					words += n
					if d.Labels[i] {
						content += n
					}
				}
			}
			if lw != nil && q[u] < maxT {
				fmt.Fprintf(lw, "%s\t%s\t%d/%d\t%.2f\t%.3f\t%s\n", d.Dataset, d.ID, content, words, netP[u], q[u], strings.ReplaceAll(text, "\n", " "))
			}
		}
		for k, v := range vs {
			t := &tallies[d.Dataset][k]
			keep := slices.Clone(sel)
			for u, idx := range units {
				if !judged[u] || !v.drops(q[u], netP[u]) {
					continue
				}
				t.units++
				for _, i := range idx {
					if !sel[i] {
						continue
					}
					keep[i] = false
					if d.Labels[i] {
						t.content += float64(tokenize.CountWords(d.Page.Blocks[i].Text))
					} else {
						t.boilerplate += float64(tokenize.CountWords(d.Page.Blocks[i].Text))
					}
				}
			}
			text := tokenize.Text(tokenize.Selected(d.Page.Blocks, func(i int) bool { return keep[i] }))
			if labels != nil {
				c, err := labels.Score(text, nil)
				if err != nil {
					return err
				}
				t.labels.Add(c)
			}
			if err := eval.WriteExternalLine(writers[k], eval.ExternalLine{Dataset: d.Dataset, ID: d.ID, Text: text}); err != nil {
				return err
			}
		}
	}
	for k, w := range writers {
		if err := w.Flush(); err != nil {
			return err
		}
		if err := files[k].Close(); err != nil {
			return err
		}
	}
	var ext []string
	for _, v := range vs {
		ext = append(ext, v.Name+"="+filepath.Join(*out, v.Name+".jsonl"))
	}
	fmt.Printf("%-10s %-18s %7s %9s %12s %14s %14s\n", "dataset", "veto", "units", "content", "boilerplate", "found", "leaked")
	for _, name := range names {
		for k, v := range vs {
			t := tallies[name][k]
			found, leaked := "", ""
			if l := t.labels; l.With+l.Without > 0 {
				found = fmt.Sprintf("%d/%d %.3f", l.Found, l.With, l.FoundRate())
				leaked = fmt.Sprintf("%d/%d %.3f", l.Leaked, l.Without, l.LeakRate())
			}
			fmt.Printf("%-10s %-18s %7d %9.0f %12.0f %14s %14s\n", name, v.Name, t.units, t.content, t.boilerplate, found, leaked)
		}
	}
	fmt.Printf("-external %s\n", strings.Join(ext, ","))
	return nil
}
