// Command boilernet-beam runs boilernet's extraction on Apache Beam:
//
//	boilernet-beam -input 'GLOB' -output PREFIX [-shards 4] [-metadata=false] [-runner prism|direct|flink|spark|dataflow] [Beam flags]
//
// It reads the WARC and JSONL files matched by GLOB (local, gs://, s3://
// with the filesystem registered), writes PREFIX-SSSSS-of-NNNNN.jsonl
// with one line per record as `boilernet extract` writes it, and prints
// the counters (files, bytes, records, pages, skipped, errors).
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
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
	p, s := beam.NewPipelineWithRoot()
	pipeline.Build(s, pipeline.Options{Input: *input, Output: *output, Shards: *shards, NoMetadata: !*meta})
	res, err := beamx.RunWithMetrics(context.Background(), p)
	if err != nil {
		log.Fatalf("boilernet-beam: %v", err)
	}
	if res != nil {
		for _, c := range res.Metrics().AllMetrics().Counters() {
			fmt.Fprintf(os.Stderr, "%s.%s: %d\n", c.Key.Namespace, c.Key.Name, c.Result())
		}
	}
}
