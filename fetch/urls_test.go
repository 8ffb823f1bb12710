package fetch

import (
	"slices"
	"strings"
	"testing"
)

func TestReadURLs(t *testing.T) {
	tests := []struct {
		in      string
		want    []string
		wantErr string
	}{
		{in: "", want: nil},
		{in: "https://a.example/x\n\n# comment\n  http://b.example/y?q=1  \r\n", want: []string{"https://a.example/x", "http://b.example/y?q=1"}},
		{in: "https://a.example/\nnot a url\n", wantErr: "urls.txt:2: not an absolute http or https URL"},
		{in: "ftp://a.example/", wantErr: "urls.txt:1:"},
		{in: "https://a.example/\n" + "https://b.example/" + strings.Repeat("x", MaxURLLength) + "\n", wantErr: "urls.txt:2: line longer than"},
		{in: "http://a\x00b/", wantErr: "urls.txt:1:"},
	}
	for _, tt := range tests {
		got, err := ReadURLs(strings.NewReader(tt.in), "urls.txt")
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ReadURLs(%.40q) error %v, want %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("ReadURLs(%.40q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestIsURL(t *testing.T) {
	for in, want := range map[string]bool{"https://x": true, "HTTP://x": true, "page.html": false, "-": false, "ftp://x": false} {
		if IsURL(in) != want {
			t.Errorf("IsURL(%q) = %v", in, !want)
		}
	}
}

func FuzzReadURLs(f *testing.F) {
	f.Add("https://a.example/x\n# c\nhttp://b/\n")
	f.Add("not a url")
	f.Add("http://[::1]:80/\r\nhttps://ü.example/%zz")
	f.Fuzz(func(t *testing.T, in string) {
		urls, err := ReadURLs(strings.NewReader(in), "fuzz.txt")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.txt") {
				t.Fatalf("error %q does not name the input", err)
			}
			return
		}
		for _, u := range urls {
			if _, err := CheckURL(u); err != nil || !IsURL(u) {
				t.Fatalf("accepted %q: %v", u, err)
			}
		}
	})
}
