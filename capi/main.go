// Command capi is boilernet's C ABI, built as a shared library for the
// Python package (python/) and any other language with a C foreign
// function interface:
//
//	go build -buildmode=c-shared -o libboilernet.so .
//
// writes the library and its header, libboilernet.h. Its functions:
//
//	uintptr_t boilernet_new(char *models, char **err);
//	void boilernet_close(uintptr_t extractor);
//	char *boilernet_extract(uintptr_t extractor, char *page, size_t len, char *options, size_t options_len);
//	char *boilernet_version(void);
//	void boilernet_free(char *s);
//
// boilernet_new returns an extractor of the model files of a
// comma-separated list ("" or NULL: the embedded model), or 0 and the
// error in *err. boilernet_extract extracts one page with an extractor
// (0: the embedded model's, loaded on first use) as options, a JSON
// object (Request), ask; it returns a JSON object (Response): the page's
// record as boilernet extract -format json writes it, its output in the
// format asked, or the error, naming the page. Every string returned is
// the caller's to free with boilernet_free. All functions are safe to
// call from many threads at once; each extraction runs on the calling
// thread, with the Go runtime's other threads helping its garbage
// collector.
//
// It is a module of its own, so that the main module stays pure Go.
package main

/*
#include <stdint.h>
#include <stdlib.h>
*/
import "C"

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime/cgo"
	"runtime/debug"
	"sync"
	"unsafe"

	"github.com/boilernet/boilernet/render"
)

func main() {}

// gcPercent is the garbage collector's GOGC unless the environment sets
// one: boilernet extract's (batch.GCPercent, not imported: package batch
// would link the fetching and feed readers), for pages
// are small and short-lived; the collector runs half as often as at the
// default 100, for a few tens of MB more.
const gcPercent = 200

func init() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
}

// embedded is the extractor of handle 0: the embedded model, loaded once.
var embedded = sync.OnceValues(func() (*Extractor, error) { return NewExtractor("") })

// cString returns a copy of s in C memory, for boilernet_free.
func cString(s string) *C.char { return C.CString(s) }

//export boilernet_new
func boilernet_new(models *C.char, errOut **C.char) (h C.uintptr_t) {
	defer func() {
		if p := recover(); p != nil {
			*errOut, h = cString(fmt.Sprintf("internal error: %v", p)), 0
		}
	}()
	var list string
	if models != nil {
		list = C.GoString(models)
	}
	var (
		e   *Extractor
		err error
	)
	if list == "" {
		e, err = embedded()
	} else {
		e, err = NewExtractor(list)
	}
	if err != nil {
		*errOut = cString(err.Error())
		return 0
	}
	return C.uintptr_t(cgo.NewHandle(e))
}

//export boilernet_close
func boilernet_close(h C.uintptr_t) {
	if h != 0 {
		cgo.Handle(h).Delete()
	}
}

//export boilernet_extract
func boilernet_extract(h C.uintptr_t, page *C.char, n C.size_t, options *C.char, optionsLen C.size_t) (out *C.char) {
	var raw, opts []byte
	if n > 0 {
		// Not copied: Extract does not keep the page's bytes.
		raw = unsafe.Slice((*byte)(unsafe.Pointer(page)), int(n))
	}
	if optionsLen > 0 {
		opts = C.GoBytes(unsafe.Pointer(options), C.int(optionsLen))
	}
	return cString(string(extractJSON(uintptr(h), raw, opts)))
}

// extractJSON is boilernet_extract in Go: the Response's JSON, whatever
// happens (a panic too is an error of the page).
func extractJSON(h uintptr, raw, opts []byte) (out []byte) {
	req, err := ParseRequest(opts)
	name := req.Name
	if name == "" {
		name = "-"
	}
	defer func() {
		if p := recover(); p != nil {
			out = errorJSON(fmt.Sprintf("%s: internal error: %v\n%s", name, p, debug.Stack()))
		}
	}()
	if err != nil {
		b, _ := json.Marshal(Response{Record: render.Record{Error: name + ": " + err.Error()}, BadOptions: true})
		return b
	}
	var e *Extractor
	if h == 0 {
		if e, err = embedded(); err != nil {
			return errorJSON(name + ": " + err.Error())
		}
	} else {
		e = cgo.Handle(h).Value().(*Extractor)
	}
	b, err := json.Marshal(e.Extract(raw, req))
	if err != nil {
		return errorJSON(name + ": " + err.Error())
	}
	return b
}

func errorJSON(msg string) []byte {
	b, _ := json.Marshal(Response{Record: render.Record{Error: msg}})
	return b
}

//export boilernet_version
func boilernet_version() *C.char { return cString(version()) }

//export boilernet_free
func boilernet_free(s *C.char) { C.free(unsafe.Pointer(s)) }
