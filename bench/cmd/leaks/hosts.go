package main

import (
	"net/url"
	"strings"
	"sync"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/metadata"
	"github.com/boilernet/boilernet/tokenize"
)

// siteTexts records, for each host of a dataset's meta.tsv URLs, on how
// many of its pages (all splits) each block text stands: what a run over
// a whole crawl of the site could know about a block without labels.
type siteTexts struct {
	host  map[string]string         // page id → host
	pages map[string]map[string]int // host → block text (metadata.Normalize) → pages
}

// newSiteTexts reads every page of ds; it returns nil when the dataset has
// no URLs.
func newSiteTexts(ds *data.Dataset) (*siteTexts, error) {
	s := &siteTexts{host: map[string]string{}, pages: map[string]map[string]int{}}
	var ids []string
	for id, row := range ds.Meta {
		u, err := url.Parse(row["url"])
		if err != nil || u.Host == "" {
			continue
		}
		s.host[id] = strings.TrimPrefix(strings.ToLower(u.Host), "www.")
		ids = append(ids, id)
	}
	if len(ids) == 0 {
		return nil, nil
	}
	var mu sync.Mutex
	err := ds.LoadEach(ids, data.Options{}, func(_ int, d *data.Document) {
		mu.Lock()
		defer mu.Unlock()
		h := s.host[d.ID]
		if s.pages[h] == nil {
			s.pages[h] = map[string]int{}
		}
		seen := map[string]bool{}
		for _, b := range d.Page.Blocks {
			t := metadata.Normalize(b.Text)
			if !seen[t] {
				seen[t] = true
				s.pages[h][t]++
			}
		}
	})
	return s, err
}

// repeated reports whether block b of page id stands on another page of
// its host.
func (s *siteTexts) repeated(id string, b tokenize.Block) bool {
	return s.pages[s.host[id]][metadata.Normalize(b.Text)] >= 2
}
