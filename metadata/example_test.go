package metadata_test

import (
	"fmt"
	"strings"

	"github.com/boilernet/boilernet/metadata"
	"golang.org/x/net/html"
)

func ExampleExtract() {
	page := `<html lang="en"><head><title>Storm hits coast | Daily News</title>
<meta property="og:site_name" content="Daily News">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle",
 "headline":"Storm hits coast","author":[{"@type":"Person","name":"Jane Doe"}],
 "datePublished":"2025-09-04T10:00:00+02:00","image":"/img/storm.jpg"}</script>
</head><body><h1>Storm hits coast</h1><p>...</p></body></html>`
	root, _ := html.Parse(strings.NewReader(page))
	md := metadata.Extract(root, metadata.Options{URL: "https://news.example/2025/09/04/storm"})
	fmt.Println(md.Title)
	fmt.Println(md.Authors, md.Published, md.SiteName, md.Language)
	fmt.Println(md.Image)
	// Output:
	// Storm hits coast
	// [Jane Doe] 2025-09-04T10:00:00+02:00 Daily News en
	// https://news.example/img/storm.jpg
}

func ExampleParseDate() {
	for _, s := range []string{"2025-09-04T10:00:00.000+0200", "Thu, 04 Sep 2025 08:00:00 GMT", "September 4th, 2025", "Sept. 31, 2025"} {
		d, err := metadata.ParseDate(s)
		fmt.Println(d, err)
	}
	// Output:
	// 2025-09-04T10:00:00+02:00 <nil>
	// 2025-09-04T08:00:00Z <nil>
	// 2025-09-04 <nil>
	//  date "Sept. 31, 2025": unknown form
}

func ExampleParseJSONLD() {
	nodes, err := metadata.ParseJSONLD([]byte(`{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"Blog"},{"@type":"BlogPosting","headline":"Hi"}]}`), "page.html script 1")
	fmt.Println(len(nodes), nodes[1]["headline"], err)
	_, err = metadata.ParseJSONLD([]byte(`{"@type": "Article",`), "page.html script 2")
	fmt.Println(err)
	// Output:
	// 2 Hi <nil>
	// page.html script 2: invalid JSON-LD: unexpected end of JSON input
}
