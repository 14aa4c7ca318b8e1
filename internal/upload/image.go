package upload

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/gif" // decoders registered for image.Decode and image.DecodeConfig
	"image/jpeg"
	"image/png"
	"io"
	"iter"
	"math"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // WebP decoder (no Go encoder exists: WebP is re-encoded as JPEG or PNG)
)

// Limits of the images people upload and of the versions the service keeps.
const (
	// MaxPixels is the largest image accepted: what phones take (50 Mpx) and a little more.
	// Anything larger is refused from its header, before a pixel is decoded.
	MaxPixels = 52_000_000
	// MaxSide is the longest side of the stored version: enough for a full-screen gallery on a
	// large display, a few hundred kilobytes as JPEG.
	MaxSide = 2048
	// jpegQuality is the stored versions' JPEG quality (opaque images).
	jpegQuality = 85
)

// VersionWidths are the widths of the narrower copies stored beside each image, largest first
// (each is scaled from the one before), so a browser drawing it in a phone's card or a tablet's
// gallery (srcset) fetches a fraction of the bytes. A width not below the image's own is skipped.
var VersionWidths = []int{960, 480}

// header is what an image's first bytes say about it, read without decoding its pixels.
type header struct {
	format        string // jpeg, png, gif or webp
	width, height int
	// cost estimates the bytes the decoder allocates for the whole image, the stored version
	// included; decodes are admitted under the memory budget by this figure.
	cost int64
	// orientation is the EXIF orientation (1 to 8) the stored version must apply, since the
	// metadata that carried it is not kept.
	orientation int
}

// Sniff recognises the four accepted image formats (jpeg, png, gif, webp) by their signatures.
func Sniff(head []byte) (string, bool) {
	switch {
	case bytes.HasPrefix(head, []byte("\xFF\xD8\xFF")):
		return "jpeg", true
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return "png", true
	case bytes.HasPrefix(head, []byte("GIF87a")), bytes.HasPrefix(head, []byte("GIF89a")):
		return "gif", true
	case len(head) >= 16 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP" &&
		(string(head[12:16]) == "VP8 " || string(head[12:16]) == "VP8L" || string(head[12:16]) == "VP8X"):
		return "webp", true
	}
	return "", false
}

var errNotAnImage = errors.New("not an image")

// inspect reads an image's header from r (positioned at its start): format, size, the memory a
// decode would take and its EXIF orientation. It fails with errNotAnImage on anything that is
// not a well-formed header of an accepted format.
func inspect(r io.ReadSeeker) (header, error) {
	var head [16]byte
	n, _ := io.ReadFull(r, head[:])
	format, ok := Sniff(head[:n])
	if !ok {
		return header{}, errNotAnImage
	}
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return header{}, fmt.Errorf("rewind image: %w", err)
	}
	cfg, decoded, err := image.DecodeConfig(bufio.NewReader(r))
	if err != nil || decoded != format || cfg.Width < 1 || cfg.Height < 1 {
		return header{}, errNotAnImage
	}
	h := header{format: format, width: cfg.Width, height: cfg.Height, orientation: 1}
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return header{}, fmt.Errorf("rewind image: %w", err)
	}
	pixels := int64(cfg.Width) * int64(cfg.Height)
	perPixel := 4.0 // bytes a decoded pixel takes; refined per format below
	var extra int64 // bytes beside the pixels
	switch format {
	case "jpeg":
		j := scanJPEG(bufio.NewReader(r))
		h.orientation = j.orientation
		// One byte per component sample, and with progressive JPEGs the decoder also keeps
		// every DCT coefficient (64 int32 per 8x8 block: 4 bytes a sample) until the end.
		perPixel = j.samples
		if j.progressive {
			perPixel *= 5
		}
		if j.components == 4 { // CMYK / YCCK, converted into a new CMYK image
			perPixel += 4
		}
	case "png":
		var rawPixel float64
		h.orientation, perPixel, rawPixel = scanPNG(bufio.NewReader(r))
		extra = int64(2 * float64(cfg.Width) * rawPixel) // the current and previous rows, unfiltered
	case "gif":
		perPixel = 2 // one palette index a pixel, and the LZW output it comes through
	case "webp":
		h.orientation = scanWebP(r)
		switch cfg.ColorModel {
		case color.YCbCrModel:
			perPixel = 2 // 4:2:0 planes
		case color.NYCbCrAModel:
			perPixel = 7 // planes, the alpha plane, and the RGBA image it is decoded through
		default:
			perPixel = 8 // lossless: ARGB words and the RGBA image
		}
	}
	// Beside the decoded image: the halvings (RGBA at a quarter of the pixels, then a sixteenth,
	// and so on: 4/3 of a byte a source pixel), the stored version three times over (scaled,
	// turned upright, encoded), and each narrower version three times over too (the halving it
	// is scaled from, itself, encoded).
	w, ht := fit(cfg.Width, cfg.Height)
	if w != cfg.Width {
		perPixel += 4.0 / 3
	}
	stored := int64(w) * int64(ht)
	upright, uprightHeight := w, ht
	if h.orientation >= 5 { // turned a quarter: the upright width is the stored height
		upright, uprightHeight = ht, w
	}
	for _, v := range VersionWidths {
		if v < upright {
			stored += int64(v) * int64(versionHeight(upright, uprightHeight, v))
		}
	}
	h.cost = int64(math.Ceil(float64(pixels)*perPixel)) + 3*4*stored + extra + decodeOverhead
	return h, nil
}

// decodeOverhead is what a decode costs beyond its pixels: tables, row buffers, encoder state.
const decodeOverhead = 4 << 20

// fit is the size of the stored version: the image scaled down to MaxSide on its longest side.
func fit(w, h int) (int, int) {
	if w <= MaxSide && h <= MaxSide {
		return w, h
	}
	if w >= h {
		return MaxSide, max(1, int(math.Round(float64(h)*MaxSide/float64(w))))
	}
	return max(1, int(math.Round(float64(w)*MaxSide/float64(h)))), MaxSide
}

// versionHeight is the height of an image of w×h scaled to width.
func versionHeight(w, h, width int) int {
	return max(1, int(math.Round(float64(h)*float64(width)/float64(w))))
}

// jpegInfo is what a JPEG's markers before its first scan say.
type jpegInfo struct {
	progressive bool
	components  int
	samples     float64 // component samples per pixel (3 for 4:4:4, 1.5 for 4:2:0, 1 for grey)
	orientation int
}

// scanJPEG walks a JPEG's segments up to its frame header, noting the EXIF orientation and what
// decides the decoder's memory: progressive or not, the components and their sampling, and
// whether Go will convert the result to RGB (as image/jpeg's isRGB decides). Anything unexpected
// ends the walk with cautious defaults.
func scanJPEG(r *bufio.Reader) jpegInfo {
	info := jpegInfo{components: 3, samples: 3 + 4, orientation: 1, progressive: true}
	jfif, adobe, adobeTransform := false, false, byte(0)
	if _, err := r.Discard(2); err != nil { // SOI
		return info
	}
	for {
		b, err := r.ReadByte()
		if err != nil || b != 0xFF {
			return info
		}
		marker, err := r.ReadByte()
		for err == nil && marker == 0xFF { // fill bytes
			marker, err = r.ReadByte()
		}
		if err != nil || marker == 0xD9 || marker == 0xDA { // end of image, start of scan
			return info
		}
		if marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7) { // no length
			continue
		}
		var l [2]byte
		if _, err := io.ReadFull(r, l[:]); err != nil {
			return info
		}
		n := int(binary.BigEndian.Uint16(l[:])) - 2
		if n < 0 {
			return info
		}
		isFrame := marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
		if !isFrame && marker != 0xE0 && marker != 0xE1 && marker != 0xEE {
			if _, err := r.Discard(n); err != nil {
				return info
			}
			continue
		}
		seg := make([]byte, n)
		if _, err := io.ReadFull(r, seg); err != nil {
			return info
		}
		switch marker {
		case 0xE0:
			jfif = jfif || bytes.HasPrefix(seg, []byte("JFIF\x00"))
		case 0xEE:
			if n >= 12 && bytes.HasPrefix(seg, []byte("Adobe")) {
				adobe, adobeTransform = true, seg[11]
			}
		case 0xE1:
			if bytes.HasPrefix(seg, []byte("Exif\x00\x00")) && info.orientation == 1 {
				info.orientation = exifOrientation(seg[6:])
			}
		default: // the frame header
			nc := 0
			if n >= 6 {
				nc = int(seg[5])
			}
			if nc < 1 || n < 6+3*nc {
				return info
			}
			info.progressive = marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE
			hmax, vmax := 1, 1
			for i := range nc {
				hmax, vmax = max(hmax, int(seg[7+3*i]>>4)), max(vmax, int(seg[7+3*i]&15))
			}
			samples := 0.0
			for i := range nc {
				hi, vi := int(seg[7+3*i]>>4), int(seg[7+3*i]&15)
				samples += float64(hi*vi) / float64(hmax*vmax)
			}
			info.components, info.samples = nc, max(samples, 1)
			if nc != 1 && nc != 3 { // CMYK / YCCK: planes, black, and the CMYK image made of them
				info.samples = float64(nc)
			}
			rgb := nc == 3 && !jfif && ((adobe && adobeTransform == 0) ||
				(seg[6] == 'R' && seg[9] == 'G' && seg[12] == 'B'))
			if rgb { // converted into a new RGBA image
				info.samples += 4
			}
			return info
		}
	}
}

// scanPNG reads a PNG's chunks before its image data: the eXIf orientation, the bytes a decoded
// pixel takes, from the header's colour type and depth (and tRNS, which turns grey into RGBA;
// interlaced images count double: each pass is decoded on its own), and the bytes a raw pixel
// takes in the decoder's row buffers.
func scanPNG(r *bufio.Reader) (orientation int, perPixel, rawPixel float64) {
	orientation, perPixel, rawPixel = 1, 8, 8
	interlaced, colorType, depth := true, byte(6), byte(16)
	estimate := func() (int, float64, float64) {
		if interlaced {
			return orientation, 2 * perPixel, rawPixel
		}
		return orientation, perPixel, rawPixel
	}
	if _, err := r.Discard(8); err != nil {
		return estimate()
	}
	for range 64 { // a real file reaches IDAT within a few chunks
		var ch [8]byte
		if _, err := io.ReadFull(r, ch[:]); err != nil {
			return estimate()
		}
		n := int(binary.BigEndian.Uint32(ch[:4]))
		switch typ := string(ch[4:]); {
		case typ == "IHDR" && n == 13:
			var d [13]byte
			if _, err := io.ReadFull(r, d[:]); err != nil {
				return estimate()
			}
			depth, colorType, interlaced = d[8], d[9], d[12] == 1
			channels := map[byte]float64{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colorType]
			rawPixel = max(channels*float64(depth)/8, 1)
			switch {
			case colorType == 3:
				perPixel = 1
			case colorType == 0 && depth == 16:
				perPixel = 2
			case colorType == 0:
				perPixel = 1
			case depth == 16:
				perPixel = 8
			default:
				perPixel = 4
			}
			n = 0
		case typ == "tRNS" && colorType == 0:
			perPixel = map[bool]float64{true: 8, false: 4}[depth == 16]
		case typ == "eXIf" && n <= 1<<20:
			d := make([]byte, n)
			if _, err := io.ReadFull(r, d); err != nil {
				return estimate()
			}
			orientation, n = exifOrientation(d), 0
		case typ == "IDAT":
			return estimate()
		}
		if _, err := r.Discard(n + 4); err != nil { // data left, CRC
			return estimate()
		}
	}
	return estimate()
}

// scanWebP finds a WebP's EXIF chunk (it usually follows the image data) by hopping from chunk
// header to chunk header, and returns its orientation.
func scanWebP(r io.ReadSeeker) int {
	pos := int64(12)
	for range 64 {
		if _, err := r.Seek(pos, io.SeekStart); err != nil {
			return 1
		}
		var ch [8]byte
		if _, err := io.ReadFull(r, ch[:]); err != nil {
			return 1
		}
		n := int64(binary.LittleEndian.Uint32(ch[4:]))
		if string(ch[:4]) == "EXIF" && n <= 1<<20 {
			d := make([]byte, n)
			if _, err := io.ReadFull(r, d); err != nil {
				return 1
			}
			d, _ = bytes.CutPrefix(d, []byte("Exif\x00\x00")) // some writers keep the JPEG prefix
			return exifOrientation(d)
		}
		pos += 8 + n + n&1
	}
	return 1
}

// exifOrientation reads tag 0x0112 of a TIFF-structured EXIF block's first IFD; 1 (as stored)
// when absent or unreadable.
func exifOrientation(tiff []byte) int {
	if len(tiff) < 8 {
		return 1
	}
	var order binary.ByteOrder
	switch string(tiff[:4]) {
	case "II*\x00":
		order = binary.LittleEndian
	case "MM\x00*":
		order = binary.BigEndian
	default:
		return 1
	}
	ifd := int(order.Uint32(tiff[4:8]))
	if ifd < 8 || ifd+2 > len(tiff) {
		return 1
	}
	count := int(order.Uint16(tiff[ifd:]))
	for i := range count {
		e := ifd + 2 + 12*i
		if e+12 > len(tiff) {
			return 1
		}
		if order.Uint16(tiff[e:]) == 0x0112 && order.Uint16(tiff[e+2:]) == 3 {
			if o := int(order.Uint16(tiff[e+8:])); o >= 1 && o <= 8 {
				return o
			}
			return 1
		}
	}
	return 1
}

// scale draws src into a new image of the stored version's size.
func scale(src image.Image) *image.RGBA {
	w, h := fit(src.Bounds().Dx(), src.Bounds().Dy())
	return resize(src, w, h)
}

// resize draws src into a new w×h image. Large reductions first halve the image, each halving
// averaging 2x2 blocks, until less than a halving is left, which bilinear interpolation does:
// every source pixel counts, nothing aliases, and it takes no more memory than the halves
// themselves (x/image/draw's Catmull-Rom keeps 32 bytes for every destination column of every
// source row: 200 MB for a 50-megapixel photo).
func resize(src image.Image, w, h int) *image.RGBA {
	b := src.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	if w == b.Dx() && h == b.Dy() {
		draw.Draw(dst, dst.Bounds(), src, b.Min, draw.Src)
		return dst
	}
	for b.Dx() >= 2*w && b.Dy() >= 2*h {
		half := image.NewRGBA(image.Rect(0, 0, b.Dx()/2, b.Dy()/2))
		draw.ApproxBiLinear.Scale(half, half.Bounds(), src, b, draw.Src, nil)
		src, b = half, half.Bounds()
	}
	draw.ApproxBiLinear.Scale(dst, dst.Bounds(), src, b, draw.Src, nil)
	return dst
}

// orient turns m upright as EXIF orientation o says a viewer would show it.
func orient(m *image.RGBA, o int) *image.RGBA {
	if o <= 1 || o > 8 {
		return m
	}
	w, h := m.Rect.Dx(), m.Rect.Dy()
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range dh {
		for x := range dw {
			var sx, sy int
			switch o {
			case 2:
				sx, sy = w-1-x, y
			case 3:
				sx, sy = w-1-x, h-1-y
			case 4:
				sx, sy = x, h-1-y
			case 5:
				sx, sy = y, x
			case 6:
				sx, sy = y, h-1-x
			case 7:
				sx, sy = w-1-y, h-1-x
			case 8:
				sx, sy = w-1-y, x
			}
			copy(dst.Pix[dst.PixOffset(x, y):][:4], m.Pix[m.PixOffset(sx, sy):][:4])
		}
	}
	return dst
}

// rendition is one stored file of an image, encoded.
type rendition struct {
	data          []byte
	width, height int
}

// prepared is an accepted image's stored files: the main one and its narrower versions, all in
// one format (the extension the versions' names share with the main one's).
type prepared struct {
	ext      string
	main     rendition
	versions []rendition // at the VersionWidths below the main one's width, largest first
}

// files yields the image's files under their keys when the main one is stored under key.
func (p prepared) files(key string) iter.Seq2[string, []byte] {
	return func(yield func(string, []byte) bool) {
		if !yield(key, p.main.data) {
			return
		}
		for _, v := range p.versions {
			if !yield(versionKey(key, v.width), v.data) {
				return
			}
		}
	}
}

// render encodes the upright image m and its narrower versions: JPEG when every pixel is
// opaque (photos), PNG when transparency matters. None carries any of the original's metadata.
func render(m *image.RGBA) (prepared, error) {
	p := prepared{ext: "png"}
	if m.Opaque() {
		p.ext = "jpg"
	}
	var err error
	if p.main, err = encodeAs(m, p.ext); err != nil {
		return prepared{}, err
	}
	src := m
	for _, width := range VersionWidths {
		if width >= m.Rect.Dx() {
			continue
		}
		src = resize(src, width, versionHeight(m.Rect.Dx(), m.Rect.Dy(), width))
		v, err := encodeAs(src, p.ext)
		if err != nil {
			return prepared{}, err
		}
		p.versions = append(p.versions, v)
	}
	return p, nil
}

// encodeAs encodes m as JPEG ("jpg") or PNG ("png").
func encodeAs(m *image.RGBA, ext string) (rendition, error) {
	var buf bytes.Buffer
	var err error
	if ext == "jpg" {
		err = jpeg.Encode(&buf, m, &jpeg.Options{Quality: jpegQuality})
	} else {
		err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, m)
	}
	if err != nil {
		return rendition{}, fmt.Errorf("encode image: %w", err)
	}
	return rendition{data: buf.Bytes(), width: m.Rect.Dx(), height: m.Rect.Dy()}, nil
}
