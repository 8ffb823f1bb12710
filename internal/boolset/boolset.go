// Package boolset reads and writes the named boolean fields of a struct as
// a list of names and as bits: a decoding's steps (package infer) and a
// feature set's parts (package vocab).
package boolset

import (
	"iter"
	"slices"
)

// Field names one boolean field of a T.
type Field[T any] struct {
	Name string
	Of   func(*T) *bool
}

// Fields are a struct's named boolean fields in the order their names are
// written; field i is bit i of a mask.
type Fields[T any] []Field[T]

// Names returns every field's name, in order.
func (fs Fields[T]) Names() []string {
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.Name
	}
	return names
}

// Set turns on in t the field of each name. It stops at the first name no
// field has and returns it with false.
func (fs Fields[T]) Set(t *T, names iter.Seq[string]) (unknown string, ok bool) {
	for name := range names {
		i := slices.IndexFunc(fs, func(f Field[T]) bool { return f.Name == name })
		if i < 0 {
			return name, false
		}
		*fs[i].Of(t) = true
	}
	return "", true
}

// On returns the names of t's fields that are true, in order.
func (fs Fields[T]) On(t T) []string {
	var names []string
	for _, f := range fs {
		if *f.Of(&t) {
			names = append(names, f.Name)
		}
	}
	return names
}

// Mask returns t's fields as bits: bit i is field i.
func (fs Fields[T]) Mask(t T) uint64 {
	var m uint64
	for i, f := range fs {
		if *f.Of(&t) {
			m |= 1 << i
		}
	}
	return m
}

// SetMask sets every field of t from its bit of m and returns the bits of
// m that no field has.
func (fs Fields[T]) SetMask(t *T, m uint64) (unknown uint64) {
	for i, f := range fs {
		*f.Of(t) = m&(1<<i) != 0
	}
	return m &^ (1<<len(fs) - 1)
}
