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
// Run "boilernet help" for the subcommands and "boilernet CMD -h" for the
// flags of one.
package main

import (
	"fmt"
	"io"
	"os"
)

// command is one subcommand: run gets the arguments after its name.
type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"extract", "extract the main content of pages (extract PATH...)", runExtract},
		{"eval", "score methods on labeled datasets (eval -data DIR[,DIR...])", runEval},
		{"data", "inspect labeled datasets (data stats DIR)", runData},
		{"train", "train the BiLSTM labeler (train -data DIR[,DIR...] -out MODEL)", runTrain},
		{"metadata", "score metadata against a dataset's meta.tsv and time it (metadata -data DIR)", runMetadata},
		{"serve", "serve the extraction API and page over HTTP (serve -addr 127.0.0.1:8080)", runServe},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the command line args and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stderr)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands() {
		if c.name == args[0] {
			if err := c.run(args[1:], stdout, stderr); err != nil {
				if err == errInterrupted {
					return exitInterrupted
				}
				if err != errUsage {
					fmt.Fprintf(stderr, "boilernet %s: %v\n", c.name, err)
				}
				return 1
			}
			return 0
		}
	}
	fmt.Fprintf(stderr, "boilernet: unknown command %q\n", args[0])
	usage(stderr)
	return 2
}

// exitInterrupted is the exit status of a run stopped by a signal.
const exitInterrupted = 130

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: boilernet COMMAND [flags] [args]\n\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
}
