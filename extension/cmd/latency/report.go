package main

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// pageReport is one page's figures, for -o.
type pageReport struct {
	Page         string      `json:"page"`
	NativeMillis float64     `json:"native_ms"`
	WasmMillis   float64     `json:"wasm_ms"`
	WasmGoMillis float64     `json:"wasm_go_ms"`
	SameText     bool        `json:"wasm_text_equals_cli"`
	SameVerdicts bool        `json:"wasm_verdicts_equal_native"`
	MaxProbDiff  float64     `json:"max_prob_diff"`
	Live         *liveResult `json:"live,omitempty"`
}

// report prints the summary and returns the pages' figures.
func report(pages []page, native []nativeResult, wasm []wasmResult, cli *cliResult, live []liveResult) []pageReport {
	out := make([]pageReport, len(pages))
	var nativeMs, wasmMs, wasmGoMs []float64
	sameText, sameVerdicts, cliErrors := 0, 0, 0
	maxDiff := 0.0
	var differ []string
	for i, p := range pages {
		n, w := native[i], wasm[i]
		r := pageReport{Page: p.name(), NativeMillis: n.Millis, WasmMillis: w.Millis, WasmGoMillis: w.GoMillis}
		nativeMs, wasmMs, wasmGoMs = append(nativeMs, n.Millis), append(wasmMs, w.Millis), append(wasmGoMs, w.GoMillis)
		cliText, ok := cli.Text[p.File]
		if !ok {
			cliErrors++
		}
		r.SameText = ok && w.Error == "" && w.Text == cliText
		if r.SameText {
			sameText++
		} else {
			differ = append(differ, p.name())
		}
		r.SameVerdicts = w.Verdicts == verdicts(n)
		if r.SameVerdicts {
			sameVerdicts++
		}
		for k, pr := range w.Probs {
			if k < len(n.Resp.Blocks) {
				r.MaxProbDiff = math.Max(r.MaxProbDiff, math.Abs(pr-n.Resp.Blocks[k].Prob))
			}
		}
		maxDiff = math.Max(maxDiff, r.MaxProbDiff)
		if live != nil {
			r.Live = &live[i]
		}
		out[i] = r
	}
	fmt.Printf("per-page extraction time, ms     median    p90    mean\n")
	fmt.Printf("  WebAssembly in Chromium (worker) %6.1f %6.1f %7.1f\n", quantile(wasmMs, .5), quantile(wasmMs, .9), mean(wasmMs))
	fmt.Printf("    of which inside Go             %6.1f %6.1f %7.1f\n", quantile(wasmGoMs, .5), quantile(wasmGoMs, .9), mean(wasmGoMs))
	fmt.Printf("  native, in process (same work)   %6.1f %6.1f %7.1f\n", quantile(nativeMs, .5), quantile(nativeMs, .9), mean(nativeMs))
	fmt.Printf("  ratio WebAssembly / native       %6.2f %6.2f %7.2f\n", quantile(wasmMs, .5)/quantile(nativeMs, .5), quantile(wasmMs, .9)/quantile(nativeMs, .9), mean(wasmMs)/mean(nativeMs))
	fmt.Printf("  CLI (%s): %.0f ms for %d pages, %.0f ms for one (start-up and model), so %.1f ms a page\n",
		cli.Command, cli.TotalMillis, len(pages), cli.StartMillis, cli.PerPage)
	if len(wasm) > 0 {
		fmt.Printf("  WebAssembly start-up (module and model, once per worker): %.0f ms\n", wasm[0].StartMillis)
	}
	fmt.Printf("\nagreement\n")
	fmt.Printf("  WebAssembly text = CLI text:          %d of %d pages (CLI errors: %d)\n", sameText, len(pages), cliErrors)
	fmt.Printf("  WebAssembly verdicts = native:        %d of %d pages; largest |Δ P(content)| %.2g\n", sameVerdicts, len(pages), maxDiff)
	if len(differ) > 0 {
		fmt.Printf("  texts that differ: %s\n", strings.Join(differ, ", "))
	}
	if live != nil {
		summarizeLive(pages, live)
	}
	return out
}

// summarizeLive prints the locator mapping on live pages.
func summarizeLive(pages []page, live []liveResult) {
	ran, kept, byLoc, byText, missing, sameNative, sameFile, allFound := 0, 0, 0, 0, 0, 0, 0, 0
	var total []float64
	var worst []string
	for i, r := range live {
		if r.Skipped != "" {
			continue
		}
		ran++
		kept += r.Stats.Kept
		byLoc += r.Stats.ByLocator
		byText += r.Stats.ByText
		missing += r.Stats.Missing
		if r.Stats.Missing == 0 {
			allFound++
		} else {
			worst = append(worst, fmt.Sprintf("%s (%d of %d)", pages[i].name(), r.Stats.Missing, r.Stats.Kept))
		}
		if r.SameAsNative {
			sameNative++
		}
		if r.SameAsFile {
			sameFile++
		}
		total = append(total, r.Millis["total"])
	}
	fmt.Printf("\nthe extension on the live pages (%d run, %d skipped)\n", ran, len(live)-ran)
	if ran == 0 {
		return
	}
	fmt.Printf("  kept blocks: %d; found by locator %d (%.1f%%), by text %d (%.1f%%), not found %d (%.2f%%)\n",
		kept, byLoc, pct(byLoc, kept), byText, pct(byText, kept), missing, pct(missing, kept))
	fmt.Printf("  pages with every kept block highlighted: %d of %d\n", allFound, ran)
	fmt.Printf("  text = native extraction of the serialized page: %d of %d; = the CLI on the page's file: %d of %d\n", sameNative, ran, sameFile, ran)
	fmt.Printf("  click to highlight (serialize, worker, locate), ms: median %.0f, p90 %.0f\n", quantile(total, .5), quantile(total, .9))
	if len(worst) > 0 {
		fmt.Printf("  pages with blocks not found: %s\n", strings.Join(worst, ", "))
	}
}

// verdicts is the native blocks' content flags as the bench page writes
// them.
func verdicts(n nativeResult) string {
	var sb strings.Builder
	for _, b := range n.Resp.Blocks {
		if b.Content {
			sb.WriteByte('1')
		} else {
			sb.WriteByte('0')
		}
	}
	return sb.String()
}

// quantile is the q-quantile of xs (nearest rank).
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	k := int(math.Ceil(q*float64(len(s)))) - 1
	return s[max(0, min(k, len(s)-1))]
}

func mean(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

func pct(a, b int) float64 { return 100 * float64(a) / float64(max(b, 1)) }
