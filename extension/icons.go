package extension

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
)

// iconSizes are the sizes the manifest names (icons/icon-N.png).
var iconSizes = []int{16, 32, 48, 128}

// writeIcons draws the toolbar and store icons: a page of grey lines, the
// middle ones dark on yellow, as the extension shows a page. Drawn
// here rather than checked in, so the repository holds no binary files.
func writeIcons(dir string) error {
	if err := os.MkdirAll(filepath.Join(dir, "icons"), 0o755); err != nil {
		return err
	}
	for _, n := range iconSizes {
		f, err := os.Create(filepath.Join(dir, "icons", fmt.Sprintf("icon-%d.png", n)))
		if err != nil {
			return err
		}
		err = png.Encode(f, icon(n))
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// icon draws the icon at n×n pixels.
func icon(n int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	frame := color.NRGBA{0x2b, 0x3a, 0x55, 0xff}
	page := color.NRGBA{0xfa, 0xfb, 0xfd, 0xff}
	line := color.NRGBA{0xa8, 0xb2, 0xc2, 0xff}
	mark := color.NRGBA{0xff, 0xd0, 0x00, 0xff}
	fill := func(x0, y0, x1, y1 float64, c color.NRGBA) {
		for y := int(y0 * float64(n)); y < int(y1*float64(n)+0.5); y++ {
			for x := int(x0 * float64(n)); x < int(x1*float64(n)+0.5); x++ {
				img.SetNRGBA(x, y, c)
			}
		}
	}
	fill(0.04, 0.04, 0.96, 0.96, frame)
	fill(0.1, 0.1, 0.9, 0.9, page)
	rows := []struct {
		end  float64
		kept bool
	}{{0.55, false}, {0.84, true}, {0.78, true}, {0.84, true}, {0.45, false}}
	for i, r := range rows {
		y := 0.16 + float64(i)*0.145
		c := line
		if r.kept {
			fill(0.12, y-0.03, r.end+0.04, y+0.11, mark)
			c = frame
		}
		fill(0.16, y, r.end, y+0.08, c)
	}
	return img
}
