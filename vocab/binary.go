package vocab

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// magic starts a serialized vocabulary; version follows it.
const (
	magic   = "BNVOCAB"
	version = 2
	// maxEntries and maxEntryLen bound what UnmarshalBinary accepts.
	maxEntries  = 1 << 20
	maxEntryLen = 1 << 12
)

// Error is a malformed serialized vocabulary.
type Error struct{ msg string }

func (e *Error) Error() string { return "vocab: " + e.msg }

func quote(s string) string { return strconv.Quote(s) }

// MarshalBinary serializes the vocabulary: the magic "BNVOCAB", a version
// byte (2), a byte of feature flags (1 attribute tokens, 2 statistics, 4 region
// statistics, 8 repeats, 16 visible, 32 topic),
// then the words, the tags and the attribute tokens, each list as a uvarint
// count followed by uvarint-length-prefixed UTF-8 strings. Version 1 (read
// too) had no flags and no attribute tokens: the paper's feature set.
func (v *Vocab) MarshalBinary() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString(magic)
	buf.WriteByte(version)
	buf.WriteByte(byte(featureParts.Mask(v.Features)))
	for _, list := range [][]string{v.Words, v.Tags, v.Attrs} {
		buf.Write(binary.AppendUvarint(nil, uint64(len(list))))
		for _, s := range list {
			buf.Write(binary.AppendUvarint(nil, uint64(len(s))))
			buf.WriteString(s)
		}
	}
	return buf.Bytes(), nil
}

// UnmarshalBinary reads what MarshalBinary wrote. Truncated, oversized or
// foreign input is an *Error, never a panic.
func (v *Vocab) UnmarshalBinary(data []byte) error {
	if !bytes.HasPrefix(data, []byte(magic)) {
		return &Error{"not a vocabulary (bad magic)"}
	}
	data = data[len(magic):]
	if len(data) == 0 {
		return &Error{"truncated"}
	}
	ver := data[0]
	if ver != 1 && ver != version {
		return &Error{fmt.Sprintf("unsupported version %d", ver)}
	}
	data = data[1:]
	var f Features
	nlists := 2
	if ver == 2 {
		if len(data) == 0 {
			return &Error{"truncated"}
		}
		if featureParts.SetMask(&f, uint64(data[0])) != 0 {
			return &Error{fmt.Sprintf("unknown feature flags %#x", data[0])}
		}
		data = data[1:]
		nlists = 3
	}
	var lists [3][]string
	for i := range nlists {
		n, k := binary.Uvarint(data)
		if k <= 0 {
			return &Error{"truncated"}
		}
		if n > maxEntries {
			return &Error{fmt.Sprintf("%d entries, more than %d", n, maxEntries)}
		}
		data = data[k:]
		for range n {
			l, k := binary.Uvarint(data)
			if k <= 0 || l > uint64(len(data)-k) {
				return &Error{"truncated"}
			}
			if l > maxEntryLen {
				return &Error{fmt.Sprintf("entry of %d bytes, more than %d", l, maxEntryLen)}
			}
			s := string(data[k : k+int(l)])
			if !utf8.ValidString(s) {
				return &Error{"entry is not UTF-8"}
			}
			lists[i] = append(lists[i], s)
			data = data[k+int(l):]
		}
	}
	if len(data) != 0 {
		return &Error{fmt.Sprintf("%d trailing bytes", len(data))}
	}
	nv, err := NewFeatures(f, lists[0], lists[1], lists[2])
	if err != nil {
		return err
	}
	*v = *nv
	return nil
}
