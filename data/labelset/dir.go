package labelset

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/boilernet/boilernet/data"
)

// ErrExists is wrapped by Dir.Save's error when the page's name is
// already taken in the folder.
var ErrExists = errors.New("an entry of that name exists")

// Dir is a dataset folder that labeled pages are saved into. Its methods
// may be called from several goroutines; two processes must not save
// into one folder at once.
type Dir struct {
	path string
	root *os.Root // every file is opened through it: nothing outside
	mu   sync.Mutex
}

// folders are the entry folders of a Dir.
var folders = []string{"html", "gold", "labels"}

// Open opens a folder for saving labeled pages, creating it and its
// html/, gold/ and labels/ folders and empty train.txt and dev.txt files
// when missing (train needs both splits). Its subfolders must be real
// folders, not links.
func Open(path string) (*Dir, error) {
	if err := os.MkdirAll(path, 0o755); err != nil {
		return nil, fmt.Errorf("label folder: %w", err)
	}
	root, err := os.OpenRoot(path)
	if err != nil {
		return nil, fmt.Errorf("label folder: %w", err)
	}
	d := &Dir{path: path, root: root}
	for _, sub := range folders {
		if err := root.Mkdir(sub, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			root.Close()
			return nil, fmt.Errorf("label folder %s: %w", path, err)
		}
		st, err := root.Lstat(sub)
		if err == nil && !st.IsDir() {
			err = fmt.Errorf("%s is not a folder (a link or a file)", sub)
		}
		if err != nil {
			root.Close()
			return nil, fmt.Errorf("label folder %s: %w", path, err)
		}
	}
	for _, split := range []string{"train", "dev"} {
		f, err := root.OpenFile(split+".txt", os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err == nil {
			err = f.Close()
		}
		if err != nil {
			root.Close()
			return nil, fmt.Errorf("label folder %s: %w", path, err)
		}
	}
	return d, nil
}

// Path returns the folder's path as given to Open.
func (d *Dir) Path() string { return d.path }

// Close closes the folder.
func (d *Dir) Close() error { return d.root.Close() }

// Request is a page to save in a folder: Page, with its id and split
// still to choose.
type Request struct {
	// Name is the id wanted (see ID); "" for one made of URL. A name that
	// is taken is an error wrapping ErrExists; a made one gets a number
	// (Unique).
	Name string
	// Split is train, dev or test, or "" for AutoSplit's choice.
	Split   string
	URL     string
	HTML    []byte
	Charset string
	Labels  []Label
}

// Saved tells what Save wrote.
type Saved struct {
	*Entry
	// Files are the files written, relative to the folder, the split
	// file and meta.tsv last.
	Files []string
	// Pages counts the folder's pages in each split after the save.
	Pages map[string]int
}

// Save writes a labeled page into the folder as a new entry (see Build):
// html/ID.html, gold/ID.txt and labels/ID.json, each created anew (an
// existing file is never replaced), then a row of meta.tsv and the id in
// its split file, last, so that a failed save leaves no entry in a split.
func (d *Dir) Save(r Request) (*Saved, error) {
	id, err := ID(r.Name, r.URL)
	if err != nil {
		return nil, err
	}
	if r.Split != "" && !slices.Contains(data.Splits(), r.Split) {
		return nil, fmt.Errorf("%w %q: want one of %s (or none)", ErrSplit, r.Split, strings.Join(data.Splits(), ", "))
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	listed, err := d.listed()
	if err != nil {
		return nil, err
	}
	taken := func(id string) bool {
		if listed[id] != "" {
			return true
		}
		for _, f := range entryFiles(id) {
			if _, err := d.root.Lstat(f); !errors.Is(err, fs.ErrNotExist) {
				return true
			}
		}
		return false
	}
	if r.Name != "" && taken(id) {
		return nil, fmt.Errorf("page %q in %s: %w", id, d.path, ErrExists)
	}
	id = Unique(id, taken)
	split := r.Split
	if split == "" {
		split = AutoSplit(len(listed) + 1)
	}
	e, err := Build(Page{ID: id, Split: split, URL: r.URL, HTML: r.HTML, Charset: r.Charset, Labels: r.Labels})
	if err != nil {
		return nil, err
	}
	s := &Saved{Entry: e}
	files := entryFiles(id)[:3] // html/ID.html, gold/ID.txt, labels/ID.json
	for i, content := range [][]byte{e.HTML, []byte(e.Gold), e.Labels} {
		if err := d.create(files[i], content); err != nil {
			for _, f := range s.Files {
				d.root.Remove(f)
			}
			return nil, err
		}
		s.Files = append(s.Files, files[i])
	}
	if e.URL != "" {
		if err := d.appendMeta(id, e.URL); err != nil {
			return nil, err
		}
		s.Files = append(s.Files, "meta.tsv")
	}
	if err := d.appendLine(split+".txt", id); err != nil {
		return nil, err
	}
	s.Files = append(s.Files, split+".txt")
	listed[id] = split
	s.Pages = map[string]int{}
	for _, sp := range listed {
		s.Pages[sp]++
	}
	return s, nil
}

// entryFiles are the files an id's entry may have: the three Save
// writes, then the compressed page data also reads.
func entryFiles(id string) []string {
	return []string{"html/" + id + ".html", "gold/" + id + ".txt", "labels/" + id + ".json", "html/" + id + ".html.gz"}
}

// listed reads the ids of the folder's split files, id to split.
func (d *Dir) listed() (map[string]string, error) {
	out := map[string]string{}
	for _, split := range data.Splits() {
		f, err := d.root.Open(split + ".txt")
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("label folder %s: %w", d.path, err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if id := strings.TrimSpace(sc.Text()); id != "" {
				out[id] = split
			}
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("label folder %s: %s.txt: %w", d.path, split, err)
		}
	}
	return out, nil
}

// create writes a new file; it fails if the name exists, as a file or a
// link.
func (d *Dir) create(name string, content []byte) error {
	f, err := d.root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s: %w", filepath.Join(d.path, name), ErrExists)
		}
		return fmt.Errorf("label folder: %w", err)
	}
	_, err = f.Write(content)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		d.root.Remove(name)
		return fmt.Errorf("%s: %w", filepath.Join(d.path, name), err)
	}
	return nil
}

// appendLine adds a line to a file, after a line break if the file does
// not end with one.
func (d *Dir) appendLine(name, line string) error {
	f, err := d.root.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("label folder: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return fmt.Errorf("%s: %w", filepath.Join(d.path, name), err)
	}
	if st.Size() > 0 {
		last := make([]byte, 1)
		if _, err := f.ReadAt(last, st.Size()-1); err != nil && err != io.EOF {
			return fmt.Errorf("%s: %w", filepath.Join(d.path, name), err)
		}
		if last[0] != '\n' {
			line = "\n" + line
		}
	}
	if _, err := f.WriteString(line + "\n"); err != nil {
		return fmt.Errorf("%s: %w", filepath.Join(d.path, name), err)
	}
	return nil
}

// appendMeta adds the row "id<TAB>url" to meta.tsv, starting the file
// with its header "id<TAB>url" when it is new; a meta.tsv with another
// header is an error (its rows would not fit).
func (d *Dir) appendMeta(id, url string) error {
	raw, err := d.root.ReadFile("meta.tsv")
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return d.appendLine("meta.tsv", "id\turl\n"+id+"\t"+url)
	case err != nil:
		return fmt.Errorf("label folder: %w", err)
	}
	header, _, _ := strings.Cut(string(raw), "\n")
	if strings.TrimRight(header, "\r") != "id\turl" {
		return fmt.Errorf("%s: header %q, want \"id\\turl\" to add a row", filepath.Join(d.path, "meta.tsv"), header)
	}
	return d.appendLine("meta.tsv", id+"\t"+url)
}
