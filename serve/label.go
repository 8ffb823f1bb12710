package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"time"

	"github.com/boilernet/boilernet/data/labelset"
	"github.com/boilernet/boilernet/tokenize"
)

// LabelRequest is the body of POST /v1/label: a page and its block
// labels, to save as a dataset entry in the server's label folder (see
// labelset.Dir.Save).
type LabelRequest struct {
	// Page is the page's bytes as extracted (base64 in JSON): the
	// "source" part of an extraction's response, or the page sent.
	Page []byte `json:"page"`
	// Charset is the charset the page was read with ("" for none): the
	// "charset" of an extraction's response.
	Charset string `json:"charset,omitempty"`
	// URL is the page's address; Name the id wanted (labelset.ID: "" for
	// one made of URL); Split train, dev or test ("" for
	// labelset.AutoSplit's choice).
	URL   string `json:"url,omitempty"`
	Name  string `json:"name,omitempty"`
	Split string `json:"split,omitempty"`
	// Labels holds one label a block, in the order of the extraction's
	// blocks: boilerplate, content, headline or comments.
	Labels []labelset.Label `json:"labels"`
}

// LabelResponse is the answer of POST /v1/label: what was saved.
type LabelResponse struct {
	ID     string   `json:"id"`
	Split  string   `json:"split"`
	Folder string   `json:"folder"` // the label folder's base name
	Files  []string `json:"files"`  // written, relative to the folder
	// Blocks, Kept (content and headline), Words (in them), Comments and
	// Agree (the blocks package data's alignment to the gold labels as
	// given): see labelset.Entry.
	Blocks   int `json:"blocks"`
	Kept     int `json:"kept"`
	Words    int `json:"words"`
	Comments int `json:"comments"`
	Agree    int `json:"agree"`
	// Converted is the charset the page was decoded from when it was saved
	// in UTF-8 (see labelset.Entry.Converted).
	Converted string `json:"converted,omitempty"`
	// Pages counts the folder's pages by split.
	Pages map[string]int `json:"pages"`
}

// ParseLabelRequest reads the JSON body of POST /v1/label: one object, no
// unknown fields, labels by name, a page and at least one label.
func ParseLabelRequest(body []byte) (*LabelRequest, error) {
	var req LabelRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return nil, badRequest("bad JSON: %v", err)
	}
	if dec.More() {
		return nil, badRequest("bad JSON: more than one value in the body")
	}
	if len(req.Page) == 0 {
		return nil, badRequest(`give "page": the page's bytes, base64-encoded`)
	}
	if len(req.Labels) == 0 {
		return nil, badRequest(`give "labels": one a block of the page`)
	}
	if req.Name != "" {
		if _, err := labelset.ID(req.Name, ""); err != nil {
			return nil, badRequest("%v", err)
		}
	}
	return &req, nil
}

// label saves a labeled page into Config.Labels.
func (s *Server) label(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Labels == nil {
		writeError(w, http.StatusNotFound, "this server saves no labeled pages: start it with -label-dir DIR (Config.Labels)")
		return
	}
	ct, err := checkContentType(r, s.cfg.MaxBody)
	if err == nil && ct.mediaType != "application/json" {
		err = &requestError{http.StatusUnsupportedMediaType, fmt.Sprintf("unsupported Content-Type %q: send application/json", ct.mediaType)}
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	t, err := s.admit(r.ContentLength)
	if err != nil {
		w.Header().Set("Connection", "close")
		s.fail(w, err)
		return
	}
	defer t.done()
	sr := newStallReader(w, http.MaxBytesReader(w, r.Body, s.cfg.MaxBody), s.cfg.UploadStallTimeout, time.Now().Add(s.cfg.ReadTimeout))
	body, err := readBody(sr, s.cfg.MaxBody, r.ContentLength, t.keep)
	sr.done()
	if err != nil {
		w.Header().Set("Connection", "close")
		s.fail(w, err)
		return
	}
	if err := t.place(); err != nil {
		s.fail(w, err)
		return
	}
	req, err := ParseLabelRequest(body)
	if err != nil {
		s.fail(w, err)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.Timeout)
	defer cancel()
	if err := s.acquireWorker(ctx); err != nil {
		s.fail(w, err)
		return
	}
	saved, err := s.cfg.Labels.Save(labelset.Request{Name: req.Name, Split: req.Split, URL: req.URL,
		HTML: req.Page, Charset: req.Charset, Labels: req.Labels})
	s.releaseWorker()
	if err != nil {
		s.fail(w, labelError(err))
		return
	}
	s.log.Info("saved a labeled page", "id", saved.ID, "split", saved.Split, "folder", s.cfg.Labels.Path())
	writeJSON(w, http.StatusCreated, LabelResponse{ID: saved.ID, Split: saved.Split, Folder: filepath.Base(s.cfg.Labels.Path()),
		Files: saved.Files, Blocks: saved.Blocks, Kept: saved.Kept, Words: saved.Words, Comments: saved.Comments,
		Agree: saved.Agree, Converted: saved.Converted, Pages: saved.Pages})
}

// labelError gives a failed save its status: 409 for a name taken, 400
// for a bad name, split or labels, 422 for a page that is not HTML; the
// rest (the folder's errors) are the server's.
func labelError(err error) error {
	switch {
	case errors.Is(err, labelset.ErrExists):
		return &requestError{http.StatusConflict, err.Error() + ": give another name"}
	case errors.Is(err, labelset.ErrName), errors.Is(err, labelset.ErrBlocks), errors.Is(err, labelset.ErrSplit),
		errors.Is(err, labelset.ErrURL):
		return badRequest("%v", err)
	case errors.Is(err, tokenize.ErrEmpty), errors.Is(err, tokenize.ErrBinary), errors.Is(err, tokenize.ErrGzip),
		errors.Is(err, tokenize.ErrTooManyElements):
		return &requestError{http.StatusUnprocessableEntity, err.Error()}
	}
	return err
}
