package sanitize

import "strings"

// action is what Copy does with an element.
type action uint8

const (
	unwrap action = iota // not on the list: its content only (the zero value)
	keep                 // the element, with its allowed attributes and content
	drop                 // nothing: it runs, embeds or loads something
)

// htmlElements is the policy of HTML elements; an element not named here
// is replaced by its content.
var htmlElements = map[string]action{}

// The HTML elements kept.
const htmlKept = `html head body title meta style
	article aside footer header h1 h2 h3 h4 h5 h6 hgroup main nav section address search
	blockquote dd div dl dt figcaption figure hr li menu ol p pre ul
	a abbr acronym b bdi bdo big br center cite code data del dfn em font i ins kbd mark nobr
	q rp rt ruby s samp small span strike strong sub sup time tt u var wbr
	img picture source map area
	table caption colgroup col thead tbody tfoot tr td th
	form fieldset legend label input button select option optgroup textarea output progress meter datalist
	details summary dialog
	noscript xmp listing plaintext`

// The HTML elements dropped with their content: they run code, embed
// another document, load something or change where the page's URLs
// point, or hold raw text that is not the page's (noembed, noframes).
// (An HTML-namespace svg or math is not the parser's: left out too.)
const htmlDropped = `script template iframe frame frameset noframes noembed object embed applet param
	portal fencedframe link base video audio track keygen svg math`

// renamed are HTML elements written as another: html.Render writes the
// text of noscript, xmp and plaintext raw, and listing is pre's old name.
var renamed = map[string]string{"noscript": "div", "xmp": "pre", "listing": "pre", "plaintext": "pre"}

// svgElements and mathElements are the policies of SVG and MathML
// elements (keyed lowercase).
var svgElements, mathElements = map[string]action{}, map[string]action{}

const (
	svgKept = `svg g path circle ellipse line polygon polyline rect text tspan title desc defs symbol use
		lineargradient radialgradient stop clippath mask marker`
	// SVG elements dropped: scripts and styles, animations (which can set
	// any attribute, href included), elements that load or embed.
	svgDropped = `script style foreignobject animate animatemotion animatetransform animatecolor set discard
		image feimage iframe handler listener video audio canvas cursor font-face font-face-uri`
	mathKept = `math mi mn mo ms mtext mspace mrow mfrac msqrt mroot mstyle merror mpadded mphantom
		msub msup msubsup munder mover munderover mmultiscripts mprescripts none mtable mtr mtd mlabeledtr
		semantics annotation menclose mfenced`
	// MathML elements dropped: annotation-xml holds HTML or SVG of its own,
	// mglyph and malignmark are where parsers and sanitizers disagree.
	mathDropped = `annotation-xml mglyph malignmark`
)

// policy returns the element policy of a namespace ("" for HTML), or nil
// for one that is not HTML, SVG or MathML.
func policy(ns string) map[string]action {
	switch ns {
	case "":
		return htmlElements
	case "svg":
		return svgElements
	case "math":
		return mathElements
	}
	return nil
}

func init() {
	for _, p := range []struct {
		m           map[string]action
		kept, dropd string
	}{{htmlElements, htmlKept, htmlDropped}, {svgElements, svgKept, svgDropped}, {mathElements, mathKept, mathDropped}} {
		for _, e := range strings.Fields(p.kept) {
			p.m[e] = keep
		}
		for _, e := range strings.Fields(p.dropd) {
			p.m[e] = drop
		}
	}
}

// valueKind is how an allowed attribute's value is checked.
type valueKind uint8

const (
	plain        valueKind = iota // kept as it is (after the script-URL check)
	linkURL                       // a link: http, https, mailto, tel, or relative
	imageURL                      // an image: http, https, data:image/, or relative
	imageSrcset                   // a srcset: image URLs with descriptors
	fragmentRef                   // a reference into the page: #id only
	cssText                       // a style attribute: CSS declarations
	svgValue                      // an SVG presentation attribute: a CSS value
	charsetValue                  // <meta charset>: written as utf-8
	contentValue                  // <meta content>: utf-8 when it is a content type
)

// htmlGlobal are the attributes allowed on every HTML element, and
// htmlAttrs those of some elements.
var htmlGlobal = map[string]valueKind{
	"id": plain, "class": plain, "title": plain, "lang": plain, "dir": plain, "role": plain, "hidden": plain,
	"translate": plain, "style": cssText, "xml:lang": plain,
	// Presentational attributes of older pages.
	"align": plain, "valign": plain, "width": plain, "height": plain, "bgcolor": plain, "border": plain,
	"color": plain, "face": plain, "size": plain, "clear": plain, "nowrap": plain,
}

var htmlAttrs = map[string]map[string]valueKind{
	"a":          {"href": linkURL, "name": plain, "hreflang": plain, "type": plain},
	"area":       {"href": linkURL, "alt": plain, "shape": plain, "coords": plain},
	"img":        {"src": imageURL, "srcset": imageSrcset, "sizes": plain, "alt": plain, "loading": plain, "decoding": plain, "usemap": plain, "ismap": plain, "hspace": plain, "vspace": plain},
	"source":     {"srcset": imageSrcset, "sizes": plain, "media": plain, "type": plain},
	"blockquote": {"cite": linkURL},
	"q":          {"cite": linkURL},
	"del":        {"cite": linkURL, "datetime": plain},
	"ins":        {"cite": linkURL, "datetime": plain},
	"ol":         {"start": plain, "reversed": plain, "type": plain},
	"ul":         {"type": plain},
	"li":         {"value": plain, "type": plain},
	"td":         {"colspan": plain, "rowspan": plain, "headers": plain, "abbr": plain},
	"th":         {"colspan": plain, "rowspan": plain, "headers": plain, "abbr": plain, "scope": plain},
	"col":        {"span": plain},
	"colgroup":   {"span": plain},
	"table":      {"cellpadding": plain, "cellspacing": plain, "summary": plain, "frame": plain, "rules": plain},
	"time":       {"datetime": plain},
	"data":       {"value": plain},
	"details":    {"open": plain},
	"dialog":     {"open": plain},
	"hr":         {"noshade": plain},
	"meta":       {"name": plain, "property": plain, "itemprop": plain, "content": contentValue, "charset": charsetValue, "http-equiv": plain},
	"style":      {"media": plain},
	"input": {"type": plain, "name": plain, "value": plain, "placeholder": plain, "checked": plain, "disabled": plain,
		"readonly": plain, "maxlength": plain, "minlength": plain, "min": plain, "max": plain, "step": plain,
		"multiple": plain, "list": plain, "alt": plain, "src": imageURL},
	"button":   {"type": plain, "name": plain, "value": plain, "disabled": plain},
	"select":   {"name": plain, "multiple": plain, "disabled": plain},
	"option":   {"value": plain, "selected": plain, "disabled": plain, "label": plain},
	"optgroup": {"label": plain, "disabled": plain},
	"textarea": {"name": plain, "rows": plain, "cols": plain, "placeholder": plain, "disabled": plain, "readonly": plain, "wrap": plain, "maxlength": plain},
	"label":    {"for": plain},
	"fieldset": {"name": plain, "disabled": plain},
	"output":   {"for": plain, "name": plain},
	"progress": {"value": plain, "max": plain},
	"meter":    {"value": plain, "min": plain, "max": plain, "low": plain, "high": plain, "optimum": plain},
	"map":      {"name": plain},
}

// svgAttrs are the attributes allowed on SVG elements (keyed lowercase):
// geometry and presentation; use's href only into the page.
var svgAttrs = map[string]valueKind{
	"id": plain, "class": plain, "style": cssText, "role": plain, "lang": plain, "xml:lang": plain, "xml:space": plain,
	"viewbox": plain, "preserveaspectratio": plain, "version": plain, "xmlns": plain, "focusable": plain,
	"x": plain, "y": plain, "x1": plain, "x2": plain, "y1": plain, "y2": plain, "cx": plain, "cy": plain,
	"r": plain, "rx": plain, "ry": plain, "fx": plain, "fy": plain, "width": plain, "height": plain,
	"d": plain, "points": plain, "pathlength": plain, "transform": svgValue, "dx": plain, "dy": plain, "rotate": plain,
	"offset": plain, "gradientunits": plain, "gradienttransform": svgValue, "spreadmethod": plain,
	"clippathunits": plain, "maskunits": plain, "maskcontentunits": plain,
	"markerwidth": plain, "markerheight": plain, "markerunits": plain, "refx": plain, "refy": plain, "orient": plain,
	"textlength": plain, "lengthadjust": plain,
	"fill": svgValue, "fill-opacity": svgValue, "fill-rule": svgValue, "stroke": svgValue, "stroke-width": svgValue,
	"stroke-linecap": svgValue, "stroke-linejoin": svgValue, "stroke-opacity": svgValue, "stroke-dasharray": svgValue,
	"stroke-dashoffset": svgValue, "stroke-miterlimit": svgValue, "opacity": svgValue, "color": svgValue,
	"stop-color": svgValue, "stop-opacity": svgValue, "clip-path": svgValue, "clip-rule": svgValue, "mask": svgValue,
	"marker-start": svgValue, "marker-mid": svgValue, "marker-end": svgValue, "visibility": svgValue, "display": svgValue,
	"font-family": svgValue, "font-size": svgValue, "font-weight": svgValue, "font-style": svgValue,
	"text-anchor": svgValue, "dominant-baseline": svgValue, "alignment-baseline": svgValue, "letter-spacing": svgValue,
	"text-decoration": svgValue, "vector-effect": svgValue, "paint-order": svgValue, "shape-rendering": svgValue,
	"href": fragmentRef, "xlink:href": fragmentRef,
}

// mathAttrs are the attributes allowed on MathML elements (no href, which
// some browsers follow on any MathML element).
var mathAttrs = map[string]valueKind{
	"id": plain, "class": plain, "style": cssText, "dir": plain, "display": plain, "displaystyle": plain,
	"scriptlevel": plain, "mathvariant": plain, "mathsize": plain, "mathcolor": svgValue, "mathbackground": svgValue,
	"fence": plain, "form": plain, "stretchy": plain, "symmetric": plain, "largeop": plain, "movablelimits": plain,
	"separator": plain, "lspace": plain, "rspace": plain, "minsize": plain, "maxsize": plain,
	"accent": plain, "accentunder": plain, "linethickness": plain, "columnspan": plain, "rowspan": plain,
	"columnalign": plain, "rowalign": plain, "columnlines": plain, "rowlines": plain, "frame": plain,
	"notation": plain, "width": plain, "height": plain, "depth": plain, "voffset": plain, "open": plain, "close": plain,
	"separators": plain, "encoding": plain,
}

// attrKind returns how an attribute's value is checked, and whether the
// attribute is allowed at all on the element (name, lowercase) of the
// namespace ns.
func attrKind(ns, element, key string) (valueKind, bool) {
	if strings.HasPrefix(key, "aria-") || strings.HasPrefix(key, "data-") {
		return plain, isAttrName(key)
	}
	var k valueKind
	ok := false
	switch ns {
	case "":
		if k, ok = htmlAttrs[element][key]; !ok {
			k, ok = htmlGlobal[key]
		}
	case "svg":
		k, ok = svgAttrs[key]
		if ok && k == fragmentRef && element != "use" {
			ok = false // gradients and patterns that inherit from another: not needed
		}
	case "math":
		k, ok = mathAttrs[key]
	}
	return k, ok
}

// isAttrName reports whether a data- or aria- attribute's name is plain:
// lowercase letters, digits, '-', '_' and '.'.
func isAttrName(key string) bool {
	for _, r := range key {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return true
}
