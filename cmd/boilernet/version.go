package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/boilernet/boilernet/methods/defaultmodel"
)

// runVersion prints the build (module version, commit, Go) and what the
// embedded model is (networks, features, seeds, training data), so that a
// bug report can say which program and which model it used.
func runVersion(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	version, commit := "(devel)", ""
	// commit is " commit REV TIME [(modified)]" when the build knows it.
	if bi, ok := debug.ReadBuildInfo(); ok {
		version = bi.Main.Version
		settings := map[string]string{}
		for _, s := range bi.Settings {
			settings[s.Key] = s.Value
		}
		if rev := settings["vcs.revision"]; rev != "" {
			commit = " commit " + rev[:min(12, len(rev))]
			if t := settings["vcs.time"]; t != "" {
				commit += " " + t
			}
			if settings["vcs.modified"] == "true" {
				commit += " (modified)"
			}
		}
	}
	info, err := defaultmodel.Describe()
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(map[string]any{
			"version": version, "commit": strings.TrimSpace(commit), "go": runtime.Version(), "platform": runtime.GOOS + "/" + runtime.GOARCH, "model": info,
		})
	}
	fmt.Fprintf(stdout, "boilernet %s%s, %s %s/%s\n", version, commit, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(stdout, "embedded model: %s\n", info)
	return nil
}
