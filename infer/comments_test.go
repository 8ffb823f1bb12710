package infer

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestComments: the readers' comments of a WordPress-style page, each with
// its author and date, replies apart, without the form, the reply links or
// the "3 comments" link above; none of it in the text.
func TestComments(t *testing.T) {
	raw, err := os.ReadFile("testdata/comments-wordpress.html")
	if err != nil {
		t.Fatal(err)
	}
	ex, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	res, err := ex.ExtractBytes(raw, Options{Comments: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []Comment{
		{Author: "Ann", Date: "January 2, 2024", Text: "Great post, I agree with every word of it."},
		{Author: "Bob", Text: "Not me, I think the second paragraph is wrong."},
	}
	if !reflect.DeepEqual(res.Comments, want) {
		t.Errorf("comments %+v,\nwant %+v", res.Comments, want)
	}
	if strings.Contains(res.Text, "Great post") || !strings.Contains(res.Text, "article's own text") {
		t.Errorf("text %q", res.Text)
	}
	if rec := res.Record(); len(rec.Comments) != 2 {
		t.Errorf("record comments %v", rec.Comments)
	}
	// Without the option, no comments.
	if res, _ := ex.ExtractBytes(raw, Options{}); res.Comments != nil {
		t.Errorf("comments without Options.Comments: %v", res.Comments)
	}
}
