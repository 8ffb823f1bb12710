// Package pipeline is boilernet's extraction as an Apache Beam pipeline:
// corpus files (WARC, JSONL; any Beam filesystem) in, sharded JSONL out,
// one line per record exactly as `boilernet extract` writes it
// (a render.Record), with counters as Beam metrics.
//
// The work is split per file (each file's records are read in order by
// one worker, as WARC records can only be found by reading), then the
// records are reshuffled so that extraction, the costly step, spreads
// over all workers whatever the number of files. Each worker process
// loads the embedded model once and shares it between its bundles.
package pipeline

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/records"
	"github.com/boilernet/boilernet/render"
)

func init() {
	register.DoFn3x1[context.Context, fileio.ReadableFile, func(Elem), error](&readFn{})
	register.Emitter1[Elem]()
	register.DoFn3x1[context.Context, Elem, func(int, string), error](&extractFn{})
	register.Emitter2[int, string]()
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&writeFn{})
	register.Iter1[string]()
}

// Options configure the pipeline.
type Options struct {
	Input  string // glob of corpus files (.warc, .warc.gz, .jsonl, .jsonl.gz)
	Output string // prefix of the shards: PREFIX-00000-of-00004.jsonl, …
	Shards int    // output files (≤ 0: 4)
	// NoMetadata leaves out the metadata object (extract -metadata=false).
	NoMetadata bool
}

// Build adds the pipeline to s. The pipeline fails if o.Input matches
// no file when it runs; call CheckInput first to fail before it runs.
func Build(s beam.Scope, o Options) {
	if o.Shards <= 0 {
		o.Shards = 4
	}
	matches := fileio.MatchFiles(s, o.Input, fileio.MatchEmptyDisallow())
	files := fileio.ReadMatches(s, matches, fileio.ReadUncompressed())
	recs := beam.ParDo(s, &readFn{}, files)
	lines := beam.ParDo(s, &extractFn{Shards: o.Shards, Metadata: !o.NoMetadata}, beam.Reshuffle(s, recs))
	beam.ParDo0(s, &writeFn{Prefix: o.Output, Shards: o.Shards}, beam.GroupByKey(s, lines))
}

// CheckInput lists the files that glob matches on its Beam filesystem
// (the local one, or gs://, s3://, … when registered). It fails, naming
// glob, if the filesystem is not registered, the glob is malformed or it
// matches no file: Beam's file matching lets a glob with a wildcard
// match nothing, which runs the pipeline on no input and succeeds.
func CheckInput(ctx context.Context, glob string) ([]string, error) {
	if strings.TrimSpace(glob) == "" {
		return nil, errors.New("empty input glob")
	}
	fs, err := filesystem.New(ctx, glob)
	if err != nil {
		return nil, fmt.Errorf("input %q: %w", glob, err)
	}
	defer fs.Close()
	files, err := fs.List(ctx, glob)
	if err != nil {
		return nil, fmt.Errorf("input %q: %w", glob, err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("input %q matches no file", glob)
	}
	return files, nil
}

// Elem is a record as it travels between workers (records.Record with
// its error as text).
type Elem struct {
	Source              string
	Offset              int64
	Line                int
	Type, ID, Date, URL string
	Charset             string
	HTML                []byte
	Skip, Err           string
}

func elemOf(r *records.Record) Elem {
	e := Elem{Source: r.Source, Offset: r.Offset, Line: r.Line, Type: r.Type, ID: r.ID, Date: r.Date, URL: r.URL,
		Charset: r.Charset, HTML: r.HTML, Skip: r.Skip}
	if r.Err != nil {
		e.Err = r.Err.Error()
	}
	return e
}

func (e Elem) record() *records.Record {
	r := &records.Record{Source: e.Source, Offset: e.Offset, Line: e.Line, Type: e.Type, ID: e.ID, Date: e.Date, URL: e.URL,
		Charset: e.Charset, HTML: e.HTML, Skip: e.Skip}
	if e.Err != "" {
		r.Err = errors.New(e.Err)
	}
	return r
}

const counterNamespace = "boilernet"

var (
	filesRead   = beam.NewCounter(counterNamespace, "files")
	bytesRead   = beam.NewCounter(counterNamespace, "bytes")
	recordsRead = beam.NewCounter(counterNamespace, "records")
	pages       = beam.NewCounter(counterNamespace, "pages")
	skipped     = beam.NewCounter(counterNamespace, "skipped")
	failed      = beam.NewCounter(counterNamespace, "errors")
)

// Counts are the pipeline's counters at the end of a run.
type Counts struct {
	Files, Bytes int64 // files read and their size
	Records      int64 // records read from them
	Pages        int64 // records extracted
	Skipped      int64 // records skipped (not HTML, requests, …)
	Errors       int64 // records that failed, and files that could not be read on
}

// CountsOf sums the pipeline's counters over the steps of a run's
// result; a counter never incremented (runners report none) is 0.
func CountsOf(res beam.PipelineResult) Counts {
	var c Counts
	fields := map[string]*int64{"files": &c.Files, "bytes": &c.Bytes, "records": &c.Records,
		"pages": &c.Pages, "skipped": &c.Skipped, "errors": &c.Errors}
	for _, r := range res.Metrics().AllMetrics().Counters() {
		if f := fields[r.Key.Name]; f != nil && r.Key.Namespace == counterNamespace {
			*f += r.Result()
		}
	}
	return c
}

// String is the summary of a run, in the words of boilernet extract's:
// "2 files (135 bytes), 2 records read: 1 extracted, 0 skipped, 1 failed".
func (c Counts) String() string {
	return fmt.Sprintf("%d files (%d bytes), %d records read: %d extracted, %d skipped, %d failed",
		c.Files, c.Bytes, c.Records, c.Pages, c.Skipped, c.Errors)
}

// readFn reads the records of one file.
type readFn struct{}

func (*readFn) ProcessElement(ctx context.Context, f fileio.ReadableFile, emit func(Elem)) error {
	filesRead.Inc(ctx, 1)
	bytesRead.Inc(ctx, f.Metadata.Size)
	name := f.Metadata.Path
	rc, err := f.Open(ctx)
	if err != nil {
		emit(Elem{Source: name, Offset: -1, Err: err.Error()})
		return nil
	}
	defer rc.Close()
	r, err := records.NewReader(rc, name, records.Limits{})
	if err == nil {
		err = records.ReadAll(r, func(rec *records.Record) error {
			emit(elemOf(rec))
			return nil
		})
	}
	if err != nil {
		// The file could not be read on: one more failed record, as in
		// boilernet extract.
		emit(Elem{Source: name, Offset: -1, Err: err.Error()})
	}
	return nil
}

// The extractor of this worker process, loaded once.
var (
	extractorOnce sync.Once
	extractor     *infer.Extractor
	extractorErr  error
)

func sharedExtractor() (*infer.Extractor, error) {
	extractorOnce.Do(func() { extractor, extractorErr = infer.Default() })
	return extractor, extractorErr
}

// extractFn extracts a record and keys its line by output shard.
type extractFn struct {
	Shards   int
	Metadata bool
	ex       *infer.Extractor
}

func (fn *extractFn) Setup() error {
	var err error
	fn.ex, err = sharedExtractor()
	return err
}

func (fn *extractFn) ProcessElement(ctx context.Context, e Elem, emit func(int, string)) error {
	recordsRead.Inc(ctx, 1)
	rec := e.record()
	var l render.Record
	if e.Offset < 0 && e.Err != "" {
		l = records.FileLine(e.Source, e.Err)
	} else {
		l = records.Extract(ctx, fn.ex, rec, infer.Options{Metadata: fn.Metadata})
	}
	switch {
	case l.Error != "":
		failed.Inc(ctx, 1)
	case l.Skipped != "":
		skipped.Inc(ctx, 1)
	default:
		pages.Inc(ctx, 1)
	}
	b, err := json.Marshal(l)
	if err != nil {
		return err
	}
	h := fnv.New32a()
	io.WriteString(h, e.Source+"\x00"+strconv.FormatInt(e.Offset, 10)+"\x00"+strconv.Itoa(e.Line))
	emit(int(h.Sum32()%uint32(fn.Shards)), string(b))
	return nil
}

// writeFn writes one shard.
type writeFn struct {
	Prefix string
	Shards int
}

// ShardName is the file of shard i of n.
func ShardName(prefix string, i, n int) string {
	return fmt.Sprintf("%s-%05d-of-%05d.jsonl", prefix, i, n)
}

func (fn *writeFn) ProcessElement(ctx context.Context, shard int, lines func(*string) bool) (err error) {
	name := ShardName(fn.Prefix, shard, fn.Shards)
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	wc, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := wc.Close(); err == nil {
			err = cerr
		}
	}()
	w := bufio.NewWriter(wc)
	var l string
	for lines(&l) {
		w.WriteString(l)
		w.WriteByte('\n')
	}
	return w.Flush()
}
