// Command boilernet-beam runs boilernet's extraction on Apache Beam:
//
//	boilernet-beam -input 'GLOB' -output PREFIX [-shards 4] [-metadata=false] [-runner prism|direct|flink|spark|dataflow] [Beam flags]
//
// It reads the WARC and JSONL files matched by GLOB (local, gs://, s3://
// with the filesystem registered), writes PREFIX-SSSSS-of-NNNNN.jsonl
// with one line per record as `boilernet extract` writes it, and prints
// the counters at the end:
//
//	boilernet-beam: 4 files (1234 bytes), 40 records read: 18 extracted, 20 skipped, 2 failed
//
// It fails (exit status 1) before running the pipeline if GLOB matches
// no file.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/boilernet/boilernet/beam/pipeline"
)

func main() {
	input := flag.String("input", "", "glob of .warc, .warc.gz, .jsonl, .jsonl.gz files")
	output := flag.String("output", "", "prefix of the output shards")
	shards := flag.Int("shards", 4, "number of output files")
	meta := flag.Bool("metadata", true, "metadata object in each line")
	flag.Parse()
	beam.Init()
	if *input == "" || *output == "" {
		fmt.Fprintln(os.Stderr, "usage: boilernet-beam -input GLOB -output PREFIX [-shards N] [-runner R]")
		os.Exit(2)
	}
	ctx := context.Background()
	if _, err := pipeline.CheckInput(ctx, *input); err != nil {
		fail(err)
	}
	p, s := beam.NewPipelineWithRoot()
	pipeline.Build(s, pipeline.Options{Input: *input, Output: *output, Shards: *shards, NoMetadata: !*meta})
	res, err := beamx.RunWithMetrics(ctx, p)
	if err != nil {
		fail(err)
	}
	if res == nil {
		fmt.Fprintln(os.Stderr, "boilernet-beam: the runner reported no counters")
		return
	}
	fmt.Fprintf(os.Stderr, "boilernet-beam: %v\n", pipeline.CountsOf(res))
}

// fail prints err and exits with status 1.
func fail(err error) {
	fmt.Fprintf(os.Stderr, "boilernet-beam: %v\n", err)
	os.Exit(1)
}
