package batch

import (
	"bufio"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Files expands paths into pages: a file is one page (decompressed if
// its name ends in .gz), a directory stands for all *.html, *.htm and
// *.html.gz files below it in lexical order, and "-" is standard input
// (see Stdin).
// A file named in paths is read whatever its kind (a FIFO too, bounded by
// the batch's page time limit); a file found in a directory that is not a
// regular file (a FIFO, a device, a socket, a symbolic link to one) and a
// subdirectory that cannot be read are pages whose Open fails, so that
// each is reported and the batch goes on. A path that does not exist is
// an error, and so is ctx's when it is done before the walk ends.
func Files(ctx context.Context, paths []string) ([]Page, error) {
	var pages []Page
	for _, p := range paths {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if p == "-" {
			pages = append(pages, Stdin(os.Stdin))
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			pages = append(pages, filePage(p, false))
			continue
		}
		dir, err := dirPages(ctx, os.DirFS(p), p)
		if err != nil {
			return nil, err
		}
		pages = append(pages, dir...)
	}
	return pages, nil
}

// Stdin is the page read from r, standard input, named "-": decompressed
// when it starts with the gzip magic bytes.
func Stdin(r io.Reader) Page {
	return Page{Name: "-", Open: func(context.Context) (*Body, error) {
		br := bufio.NewReader(r)
		if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
			z, err := gzip.NewReader(br)
			if err != nil {
				return nil, fmt.Errorf("-: standard input: %w", err)
			}
			return &Body{ReadCloser: z}, nil
		}
		return &Body{ReadCloser: io.NopCloser(br)}, nil
	}}
}

// Walk yields the pages of paths as Files returns them, in the same
// order, while it walks: a directory's pages come as the walk reaches
// them (each directory is read when the walk gets to it, its entries in
// the order of their full paths, so the order is Files'), so a batch
// (Stream) starts on the first page before the walk is done. A path that
// does not exist is a page whose Open fails with the error Files returns
// for it. The walk stops when ctx is done, or when the range over it
// stops.
func Walk(ctx context.Context, paths []string) iter.Seq[Page] {
	return func(yield func(Page) bool) {
		for _, p := range paths {
			if ctx.Err() != nil {
				return
			}
			if p == "-" {
				if !yield(Stdin(os.Stdin)) {
					return
				}
				continue
			}
			st, err := os.Stat(p)
			switch {
			case err != nil:
				if !yield(Page{Name: p, Open: func(context.Context) (*Body, error) { return nil, err }}) {
					return
				}
			case !st.IsDir():
				if !yield(filePage(p, false)) {
					return
				}
			default:
				if walkDir(ctx, os.DirFS(p), ".", p, yield) != nil {
					return
				}
			}
		}
	}
}

// errStopped ends a walk whose range stopped.
var errStopped = errors.New("stopped")

// dirPages returns the pages below the directory fsys, named under root.
func dirPages(ctx context.Context, fsys fs.FS, root string) ([]Page, error) {
	var pages []Page
	err := walkDir(ctx, fsys, ".", root, func(p Page) bool {
		pages = append(pages, p)
		return true
	})
	if err != nil {
		return nil, err // only ctx's: the others are pages
	}
	return pages, nil
}

// walkDir yields the pages below dir (slash-separated, in fsys), named
// under root: the *.html, *.htm and *.html.gz files, in the order of
// their full paths (an entry that is a directory sorts as its name and a
// slash, as its files' paths do), and a page whose Open fails for a
// directory that cannot be read (the walk goes on without it). It
// returns ctx's error when ctx is done, errStopped when yield returns
// false.
func walkDir(ctx context.Context, fsys fs.FS, dir, root string, yield func(Page) bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	full := filepath.Join(root, filepath.FromSlash(dir))
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		if pe, ok := err.(*fs.PathError); ok {
			err = pe.Err // the path is the page's name
		}
		if !yield(Page{Name: full, Open: func(context.Context) (*Body, error) {
			return nil, fmt.Errorf("%s: %w", full, err)
		}}) {
			return errStopped
		}
		return nil
	}
	key := func(d fs.DirEntry) string {
		if d.IsDir() {
			return d.Name() + "/"
		}
		return d.Name()
	}
	slices.SortStableFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(key(a), key(b)) })
	for _, d := range entries {
		if err := ctx.Err(); err != nil {
			return err
		}
		path := d.Name()
		if dir != "." {
			path = dir + "/" + path
		}
		if d.IsDir() {
			if err := walkDir(ctx, fsys, path, root, yield); err != nil {
				return err
			}
			continue
		}
		name := strings.ToLower(d.Name())
		if strings.HasSuffix(name, ".html") || strings.HasSuffix(name, ".htm") || strings.HasSuffix(name, ".html.gz") {
			if !yield(filePage(filepath.Join(root, filepath.FromSlash(path)), true)) {
				return errStopped
			}
		}
	}
	return nil
}

// filePage is the page of a file; regular refuses any other kind of file
// (checked on the opened file, which a FIFO cannot block). Its errors are
// the *fs.PathError of the file's path, or name the path.
func filePage(path string, regular bool) Page {
	return Page{Name: path, Open: func(context.Context) (*Body, error) {
		var f *os.File
		var err error
		if regular {
			f, err = os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
			if err == nil {
				var st os.FileInfo
				if st, err = f.Stat(); err == nil && !st.Mode().IsRegular() {
					err = fmt.Errorf("%s: not a regular file (%v)", path, st.Mode().Type())
				}
				if err != nil {
					f.Close()
				}
			}
		} else {
			f, err = os.Open(path)
		}
		if err != nil {
			return nil, err
		}
		if !strings.HasSuffix(strings.ToLower(path), ".gz") {
			return &Body{ReadCloser: f}, nil
		}
		z, err := gzip.NewReader(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return &Body{ReadCloser: struct {
			io.Reader
			io.Closer
		}{z, f}}, nil
	}}
}
