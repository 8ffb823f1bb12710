package eval

import (
	"strings"
	"testing"

	"github.com/boilernet/boilernet/metadata"
)

func TestScoreMetadata(t *testing.T) {
	page := func(id, title, author, date string, md *metadata.Metadata) MetadataPage {
		return MetadataPage{ID: id, Annotated: map[string]string{"title": title, "author": author, "publish_date": date}, Metadata: md}
	}
	pages := []MetadataPage{
		page("same", "Night trains return", "Ann Lee", "2024-03-01", &metadata.Metadata{Title: "Night Trains  Return", Authors: []string{"Ann Lee"}, Published: "2024-03-01T08:00:00Z"}),
		page("wrong", "Night trains return", "Ann Lee", "2024-03-01", &metadata.Metadata{Title: "Example News", Authors: []string{"Bob Roe"}, Published: "2024-03-02"}),
		page("missing", "A title", "Cy Dee", "2024-01-01", &metadata.Metadata{}),
		page("unannotated", "A title", "", "", &metadata.Metadata{Title: "A title", Authors: []string{"Staff"}, Published: "2020-01-01"}),
	}
	var mismatches []string
	got := ScoreMetadata(pages, func(p MetadataPage, field, want, found string) {
		mismatches = append(mismatches, p.ID+"/"+strings.Fields(field)[0])
	})
	want := []FieldScore{
		{Field: FieldTitle, Annotated: 4, Found: 3, Match: 2},
		{Field: FieldAuthor, Annotated: 3, Found: 2, Match: 1, Spurious: 1, Unannotated: 1},
		{Field: FieldDate, Annotated: 3, Found: 2, Match: 1, Spurious: 1, Unannotated: 1},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d fields, want %d (no result titles given): %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("field %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	if w := "wrong/title wrong/author wrong/publish_date missing/title missing/author missing/publish_date unannotated/author unannotated/publish_date"; strings.Join(mismatches, " ") != w {
		t.Errorf("mismatches %q, want %q", strings.Join(mismatches, " "), w)
	}
	if r := got[0].MatchRate(); r != 0.5 {
		t.Errorf("title match rate %v, want 0.5", r)
	}

	for i := range pages {
		pages[i].ResultTitle, pages[i].HasResult = pages[i].Metadata.Title, true
	}
	withResults := ScoreMetadata(pages, nil)
	if len(withResults) != 4 || withResults[1].Field != FieldResultTitle || withResults[1].Match != 2 {
		t.Errorf("with result titles: %+v", withResults)
	}
	var b strings.Builder
	if err := WriteMetadataTable(&b, withResults); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "| title (Result.Title) | 4 | 3 | 2 | 0.500 | 0 of 0 |") {
		t.Errorf("table:\n%s", b.String())
	}
}
