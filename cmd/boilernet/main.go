// Command boilernet extracts the main content of web pages and trains and
// evaluates the extractors.
//
// Usage:
//
//	boilernet extract [-model FILE] [-format text|json|jsonl|html|markdown] [-filter] [-links] [-images] PATH|URL...
//	boilernet eval -data DIR[,DIR...] [-split test] [-methods M,...] [-model FILE]
//	boilernet data stats [-split NAME] [-comments] DIR
//	boilernet train -data DIR[,DIR...] -out MODEL [flags]
//	boilernet metadata -data DIR [-split test]
//	boilernet serve [-addr 127.0.0.1:8080] [-model FILE] [-max-body 16MiB] [-workers N]
//
// Run "boilernet help" for the subcommands and "boilernet help CMD" or
// "boilernet CMD -h" for the flags of one.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"golang.org/x/term"
)

// command is one subcommand: run gets the arguments after its name.
type command struct {
	name    string
	args    string // what follows the name in its usage line
	summary string
	details string // more on the arguments, for -h; "" when none
	run     func(args []string, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"extract", "[flags] PATH|URL... | -i URLS.txt", "extract the main content of pages", extractDetails, runExtract},
		{"eval", "-data DIR[,DIR...] [flags]", "score methods on labeled datasets", "", runEval},
		{"data", "stats [flags] DIR [DIR...]", "inspect labeled datasets", "", runData},
		{"train", "-data DIR[,DIR...] -out MODEL [flags]", "train the BiLSTM labeler", "", runTrain},
		{"metadata", "PATH|URL... | -data DIR [flags]", "print pages' metadata, or score it against a dataset's meta.tsv", "", runMetadata},
		{"serve", "[flags]", "serve the extraction API and page over HTTP", "", runServe},
		{"version", "[-json]", "print the build and the embedded model", "", runVersion},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the command line args and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || isHelpFlag(args[0]) {
		usage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	if args[0] == "-version" || args[0] == "--version" {
		args[0] = "version"
	}
	if args[0] == "help" {
		if len(args) == 1 {
			usage(stdout)
			return 0
		}
		// "help CMD" is "CMD -h", its text on standard output.
		args = []string{args[1], "-h"}
		if _, ok := lookup(args[0]); ok {
			stderr = stdout
		}
	}
	if c, ok := lookup(args[0]); ok {
		err := c.run(args[1:], stdout, stderr)
		switch {
		case err == nil:
			return 0
		case errors.Is(err, errHelp):
			return 0
		case errors.Is(err, errInterrupted):
			return exitInterrupted
		case !errors.Is(err, errUsage):
			fmt.Fprintf(stderr, "boilernet %s: %v\n", c.name, err)
		}
		return 1
	}
	fmt.Fprintf(stderr, "boilernet: unknown command %q\n\n", args[0])
	usage(stderr)
	return 2
}

// exitInterrupted is the exit status of a run stopped by a signal.
const exitInterrupted = 130

// errHelp is returned by a command whose help was asked for (-h) and
// printed: the exit status is 0.
var errHelp = errors.New("help")

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: boilernet COMMAND [flags] [args]\n\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun \"boilernet help COMMAND\" or \"boilernet COMMAND -h\" for the flags of one.")
}

func isHelpFlag(s string) bool { return s == "-h" || s == "-help" || s == "--help" }

// lookup returns the subcommand called name, and whether there is one.
func lookup(name string) (command, bool) {
	cmds := commands()
	i := slices.IndexFunc(cmds, func(c command) bool { return c.name == name })
	if i < 0 {
		return command{}, false
	}
	return cmds[i], true
}

// newFlagSet returns the flag set of the subcommand name, printing its
// errors and its usage (the usage line, the summary and the flags) on
// stderr; parse it with parseFlags.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		c, _ := lookup(name)
		fmt.Fprintf(stderr, "usage: boilernet %s %s\n\n%s.\n", name, c.args, capitalize(c.summary))
		if c.details != "" {
			fmt.Fprintf(stderr, "\n%s\n", c.details)
		}
		fmt.Fprintln(stderr, "\nflags:")
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args with fs, flags and arguments in any order
// ("extract page.html -format json"; after "--" everything is an
// argument): errHelp for -h (the usage was printed), errUsage for a bad
// flag (the error and a pointer to -h were printed, not the whole usage).
// fs.Args() then holds the arguments in their order.
func parseFlags(fs *flag.FlagSet, args []string) error {
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard) // the errors are written below, in one line
	defer func() { fs.Usage = usage; fs.SetOutput(out) }()
	var positional []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(out)
				usage()
				return errHelp
			}
			msg := err.Error()
			if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
				msg = "unknown flag -" + name
				if near := closestFlag(fs, name); near != "" {
					msg += " (did you mean -" + near + "?)"
				}
			}
			fmt.Fprintf(out, "boilernet %s: %s; run 'boilernet %s -h' for its flags\n", fs.Name(), msg, fs.Name())
			return errUsage
		}
		left := fs.Args()
		if len(left) == 0 {
			break
		}
		if n := len(rest) - len(left); n > 0 && rest[n-1] == "--" {
			positional = append(positional, left...)
			break
		}
		positional = append(positional, left[0])
		rest = left[1:]
	}
	// Parse again, only to set fs.Args().
	return fs.Parse(append([]string{"--"}, positional...))
}

func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// showProgress reports whether a progress bar is drawn on stderr: when it
// is a terminal (so that logs do not fill with its frames) or when asked
// for (force), and not when quiet.
func showProgress(stderr io.Writer, quiet, force bool) bool {
	return !quiet && (force || isTerminal(stderr))
}

// closestFlag returns the flag of fs whose name is nearest to name (at most
// two edits away, or name with its dashes and case aside), or "".
func closestFlag(fs *flag.FlagSet, name string) string {
	name = strings.TrimLeft(name, "-")
	if i := strings.IndexByte(name, '='); i >= 0 {
		name = name[:i]
	}
	best, bestDist := "", 3
	fs.VisitAll(func(f *flag.Flag) {
		if d := editDistance(strings.ToLower(name), f.Name); d < bestDist {
			best, bestDist = f.Name, d
		}
	})
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
