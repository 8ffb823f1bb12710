package batch

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
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

// dirPages returns the pages below the directory fsys, named under root.
func dirPages(ctx context.Context, fsys fs.FS, root string) ([]Page, error) {
	type entry struct {
		path string
		err  error // an unreadable directory
	}
	var found []entry
	err := fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if cerr := ctx.Err(); cerr != nil {
			return cerr
		}
		full := filepath.Join(root, filepath.FromSlash(path))
		if err != nil {
			// An unreadable directory (or an entry that vanished): one
			// failed entry, and the walk goes on without it.
			found = append(found, entry{full, err})
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		name := strings.ToLower(d.Name())
		if !d.IsDir() && (strings.HasSuffix(name, ".html") || strings.HasSuffix(name, ".htm") || strings.HasSuffix(name, ".html.gz")) {
			found = append(found, entry{path: full})
		}
		return nil
	})
	if err != nil {
		return nil, err // only ctx's: the others are pages
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].path < found[j].path })
	var pages []Page
	for i, f := range found {
		if i > 0 && f.path == found[i-1].path && f.err == nil {
			continue
		}
		if f.err != nil {
			err := f.err
			if pe, ok := err.(*fs.PathError); ok {
				err = pe.Err // the path is the page's name
			}
			pages = append(pages, Page{Name: f.path, Open: func(context.Context) (*Body, error) {
				return nil, fmt.Errorf("%s: %w", f.path, err)
			}})
			continue
		}
		pages = append(pages, filePage(f.path, true))
	}
	return pages, nil
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
