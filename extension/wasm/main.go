//go:build js && wasm

// Command wasm is the extension's WebAssembly module: BoilerNet's default
// model, embedded, behind a small JavaScript API. Built with
// GOOS=js GOARCH=wasm (see extension.Build) and started by Go's
// wasm_exec.js, it loads the model and then sets
//
//	globalThis.boilernet = {
//	  version: "…",
//	  extract(html, {url, threshold, markdown}) → {title, text, markdown (when asked), blocks, kept, millis, error}
//	  labelName(JSON {name, url, taken, n}) → {id, split, error}
//	  label(JSON api.LabelRequest) → api.LabelResponse (a dataset entry's files)
//	}
//
// where each block is {text, prob, content, headline, locator} (see
// api.Response), and calls globalThis.boilernetReady() if it is a
// function. The program then waits for calls until the page or worker
// goes away.
package main

import (
	"encoding/json"
	"errors"
	"runtime/debug"
	"syscall/js"

	"github.com/boilernet/boilernet/extension/api"
	"github.com/boilernet/boilernet/infer"
)

func main() {
	ex, loadErr := infer.Default()
	extract := js.FuncOf(func(this js.Value, args []js.Value) any {
		var resp api.Response
		switch {
		case loadErr != nil:
			resp = api.Response{Error: "loading the model: " + loadErr.Error()}
		case len(args) < 1 || args[0].Type() != js.TypeString:
			resp = api.Response{Error: "extract(html, {url, threshold}): html must be a string"}
		default:
			resp = api.Extract(ex, request(args))
		}
		return toJS(resp)
	})
	module := js.Global().Get("Object").New()
	module.Set("version", version())
	module.Set("extract", extract)
	module.Set("labelName", js.FuncOf(func(this js.Value, args []js.Value) any {
		var req struct {
			Name, URL string
			Taken     []string
			N         int
		}
		if err := jsonArg(args, &req); err != nil {
			return toJS(map[string]string{"error": err.Error()})
		}
		id, split, err := api.LabelName(req.Name, req.URL, req.Taken, req.N)
		if err != nil {
			return toJS(map[string]string{"error": err.Error()})
		}
		return toJS(map[string]string{"id": id, "split": split})
	}))
	module.Set("label", js.FuncOf(func(this js.Value, args []js.Value) any {
		var req api.LabelRequest
		if err := jsonArg(args, &req); err != nil {
			return toJS(api.LabelResponse{Error: err.Error()})
		}
		return toJS(api.Label(req))
	}))
	js.Global().Set("boilernet", module)
	if ready := js.Global().Get("boilernetReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {} // serve calls until the worker ends
}

// request reads extract's arguments: the page's HTML and an optional
// options object.
func request(args []js.Value) api.Request {
	req := api.Request{HTML: args[0].String()}
	if len(args) > 1 && args[1].Type() == js.TypeObject {
		if u := args[1].Get("url"); u.Type() == js.TypeString {
			req.URL = u.String()
		}
		if t := args[1].Get("threshold"); t.Type() == js.TypeNumber {
			req.Threshold = t.Float()
		}
		if m := args[1].Get("markdown"); m.Type() == js.TypeBoolean {
			req.Markdown = m.Bool()
		}
	}
	return req
}

// jsonArg decodes the first argument, a JSON string, into v.
func jsonArg(args []js.Value, v any) error {
	if len(args) < 1 || args[0].Type() != js.TypeString {
		return errors.New("want one argument, a JSON string")
	}
	return json.Unmarshal([]byte(args[0].String()), v)
}

// toJS hands a response to JavaScript as one JSON string parsed there:
// far fewer calls across the boundary than building the object field by
// field.
func toJS(resp any) js.Value {
	b, err := json.Marshal(resp)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	return js.Global().Get("JSON").Call("parse", string(b))
}

// version is the main module's version and VCS revision as built.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := info.Main.Version
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
	}
	return v
}
