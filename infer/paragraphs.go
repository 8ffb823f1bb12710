package infer

import (
	"slices"

	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html/atom"
)

// Paragraphs returns the content's paragraphs, in order, as Text writes
// them (separated there by a blank line): the content blocks of one
// paragraph of the page (tokenize.Block.Para), or of one <pre>. Nil for a
// result without a page (one made by hand).
func (r *Result) Paragraphs() []string {
	var out []string
	for _, p := range r.paragraphs() {
		out = append(out, contentText(p))
	}
	return out
}

// paragraphs groups the content blocks into the paragraphs of Paragraphs.
func (r *Result) paragraphs() [][]tokenize.Block {
	if r.page == nil {
		return nil
	}
	content := tokenize.Selected(r.page.Blocks, func(i int) bool { return r.Blocks[i].Content })
	var out [][]tokenize.Block
	for i := 0; i < len(content); {
		pre := ancestor(content[i].Node, atom.Pre)
		j := i + 1
		for j < len(content) && (pre != nil && ancestor(content[j].Node, atom.Pre) == pre ||
			pre == nil && content[j].Para == content[i].Para && ancestor(content[j].Node, atom.Pre) == nil) {
			j++
		}
		out = append(out, content[i:j])
		i = j
	}
	return out
}

// WithoutParagraphs returns a copy of the result in which the paragraphs
// drop[k] (indexes into Paragraphs) are no longer content: their blocks'
// Content is false, Text and every format leave them out, and so do the
// links whose text lay only in them. r is unchanged.
func (r *Result) WithoutParagraphs(drop []int) *Result {
	out := *r
	if len(drop) == 0 || r.page == nil {
		return &out
	}
	out.Blocks = slices.Clone(r.Blocks)
	dropped := map[int]bool{}
	for k, p := range r.paragraphs() {
		if !slices.Contains(drop, k) {
			continue
		}
		for _, b := range p {
			out.Blocks[b.Index].Content = false
			dropped[b.Index] = true
		}
	}
	out.Text = contentText(tokenize.Selected(r.page.Blocks, func(i int) bool { return out.Blocks[i].Content }))
	out.Links = nil
	for _, l := range r.Links {
		if slices.ContainsFunc(l.blocks, func(i int) bool { return !dropped[i] }) {
			out.Links = append(out.Links, l)
		}
	}
	return &out
}
