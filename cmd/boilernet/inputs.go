package main

import (
	"fmt"
	"io"
	"os"

	"github.com/boilernet/boilernet/fetch"
	"github.com/boilernet/boilernet/infer"
)

// urlWorkers is extract's default number of workers when it fetches
// pages: fetching waits on the network, not the CPU.
const urlWorkers = 8

// extractInputs returns the pages of extract's arguments, in order: a
// URL (http:// or https://) is fetched with client, anything else is a
// path (see infer.FilePages); then the URLs listed in the file list ("-":
// standard input), one per line. It reports whether any page is a URL.
func extractInputs(args []string, list string, client *fetch.Client, stdin io.Reader) ([]infer.Page, bool, error) {
	var pages []infer.Page
	anyURL := false
	for _, a := range args {
		if fetch.IsURL(a) {
			if _, err := fetch.CheckURL(a); err != nil {
				return nil, false, err
			}
			pages = append(pages, infer.URLPages(client, []string{a})...)
			anyURL = true
			continue
		}
		ps, err := infer.FilePages([]string{a})
		if err != nil {
			return nil, false, err
		}
		pages = append(pages, ps...)
	}
	if list != "" {
		r := stdin
		if list != "-" {
			f, err := os.Open(list)
			if err != nil {
				return nil, false, err
			}
			defer f.Close()
			r = f
		}
		urls, err := fetch.ReadURLs(r, list)
		if err != nil {
			return nil, false, err
		}
		if len(urls) == 0 {
			return nil, false, fmt.Errorf("%s: no URLs", list)
		}
		pages = append(pages, infer.URLPages(client, urls)...)
		anyURL = true
	}
	return pages, anyURL, nil
}
