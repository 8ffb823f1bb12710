package htmlparse

import (
	"sync"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The parser's tokens (boilernet): the token Tokenizer.Token returns, made
// with fewer allocations.

// Bounds of the strings a parser interns: their length, and how many it
// keeps (past that it allocates each new one, as Token does).
const (
	maxInternLen = 40
	maxInterned  = 4096
)

// interned holds the short strings of one page that its tokens repeat:
// attribute names that are not atoms, attribute values (class names,
// roles, types), whitespace and short texts between tags.
type interned struct {
	m map[string]string
}

// internPool keeps the tables between pages, emptied, so that a page does
// not grow its table from nothing.
var internPool = sync.Pool{New: func() any { return &interned{m: make(map[string]string)} }}

// release empties s and returns it to internPool.
func (s *interned) release() {
	clear(s.m)
	internPool.Put(s)
}

// of returns b as a string, the one kept from an earlier call when b was
// seen before.
func (s *interned) of(b []byte) string {
	if len(b) > maxInternLen {
		return string(b)
	}
	if v, ok := s.m[string(b)]; ok {
		return v
	}
	v := string(b)
	if len(s.m) < maxInterned {
		s.m[v] = v
	}
	return v
}

// token returns the token the tokenizer has just read (of type tt, what
// Next returned), the same as z.Token() gives, but for where its strings
// come from: the attributes are collected in p.attrs and copied once into
// a slice of their exact number (Token appends them one by one), and the
// short strings are interned (p.strs). Nothing else reads the strings'
// identity, so the tree is the same.
func (p *parser) token(tt html.TokenType) html.Token {
	z := p.tokenizer
	t := html.Token{Type: tt}
	switch tt {
	case html.TextToken, html.CommentToken, html.DoctypeToken:
		t.Data = p.strs.of(z.Text())
	case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
		name, moreAttr := z.TagName()
		attrs := p.attrs[:0]
		for moreAttr {
			var key, val []byte
			key, val, moreAttr = z.TagAttr()
			var k string
			if a := atom.Lookup(key); a != 0 {
				k = a.String() // atom.String(key), without allocating
			} else {
				k = p.strs.of(key)
			}
			attrs = append(attrs, html.Attribute{Key: k, Val: p.strs.of(val)})
		}
		if len(attrs) > 0 {
			t.Attr = append(make([]html.Attribute, 0, len(attrs)), attrs...)
			clear(attrs) // let the buffer hold no strings of the page
		}
		p.attrs = attrs[:0]
		if a := atom.Lookup(name); a != 0 {
			t.DataAtom, t.Data = a, a.String()
		} else {
			t.DataAtom, t.Data = 0, p.strs.of(name)
		}
	}
	return t
}
