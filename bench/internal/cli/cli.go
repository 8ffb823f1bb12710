// Package cli holds what the bench commands that take their flags in a
// run function share.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

// Main runs the command name: run gets the arguments after the program's
// name and the standard output and error. When run fails, Main prints
// "name: error" on standard error (not for flag.ErrHelp, which the flag
// set has answered with its usage) and exits with status 1.
func Main(name string, run func(args []string, stdout, stderr io.Writer) error) {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, name+":", err)
		}
		os.Exit(1)
	}
}
