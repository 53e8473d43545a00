// Command checker checks a tlog-tiles log (c2sp.org/tlog-tiles) with Go's own
// reference code, golang.org/x/mod/sumdb/note and golang.org/x/mod/sumdb/tlog, and
// nothing of Station's: a second reading of what Station writes, by code it did not write.
//
// Usage:
//
//	checker -vkey VKEY [-token T] [-sample K] [-old CHECKPOINT] LOG
//	checker -proofs FILE
//
// LOG is a folder (an export's log/) or a URL prefix (station serve's /log/); T is sent
// as "Authorization: Bearer T". CHECKPOINT is an earlier checkpoint (a file, or a URL
// fetched with the token) that the log's must extend.
//
// It checks that the checkpoint is signed by VKEY and names VKEY's name as its origin;
// that the hash tiles give the checkpoint's root (read raw, then authenticated by
// tlog.TileHashReader); that each entry of the entry bundles hashes (tlog.RecordHash)
// to its level-0 hash, and that the entries alone give the root (tlog.StoredHashes,
// tlog.TreeHash); that every entry (every K-th, with -sample K, and the last) has
// an inclusion proof (tlog.ProveRecord) that tlog.CheckRecord accepts against the signed
// root; and, with -old, that a consistency proof (tlog.ProveTree) from the old
// checkpoint's tree to this one holds (tlog.CheckTree).
//
// With -proofs FILE it checks, instead, inclusion and consistency proofs made elsewhere
// (see checkProofs).
//
// Exit 0 with one line "OK: ...", 1 with one line "FAIL: ..." naming what failed, 2 on a
// usage error.
package main

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

const tileHeight = 8

// source reads the log's files by their path below the log's prefix.
type source struct {
	prefix string // a folder, or a URL ending in "/"
	token  string
	client *http.Client
}

func (s *source) read(path string) ([]byte, error) {
	if !isURL(s.prefix) {
		return os.ReadFile(filepath.Join(s.prefix, filepath.FromSlash(path)))
	}
	return s.fetch(s.prefix + path)
}

// fetch GETs a URL with the token; anything but 200 is an error.
func (s *source) fetch(url string) ([]byte, error) {
	request, err := http.NewRequest("GET", url, nil)
	if err != nil {
		return nil, err
	}
	if s.token != "" {
		request.Header.Set("Authorization", "Bearer "+s.token)
	}
	response, err := s.client.Do(request)
	if err != nil {
		return nil, err
	}
	defer response.Body.Close()
	body, err := io.ReadAll(io.LimitReader(response.Body, 16<<20))
	if err != nil {
		return nil, err
	}
	if response.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s answered %s", url, response.Status)
	}
	return body, nil
}

func isURL(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

// tiles is a tlog.TileReader over C2SP paths: Go names a hash tile tile/8/L/N, C2SP
// tile/L/N (its height is always 8). Tiles read are kept, so each is read once.
type tiles struct {
	src  *source
	size int64 // the tree's size, which says which tiles are partial
	seen map[string][]byte
}

func c2spPath(t tlog.Tile) string {
	return strings.Replace(t.Path(), "tile/8/", "tile/", 1)
}

func (r *tiles) Height() int { return tileHeight }

func (r *tiles) ReadTiles(wanted []tlog.Tile) ([][]byte, error) {
	data := make([][]byte, len(wanted))
	for i, t := range wanted {
		if t.H != tileHeight {
			return nil, fmt.Errorf("a tile of height %d asked for", t.H)
		}
		path := c2spPath(t)
		got, ok := r.seen[path]
		if !ok {
			var err error
			if got, err = r.src.read(path); err != nil {
				return nil, fmt.Errorf("hash tile %s: %v", path, err)
			}
			r.seen[path] = got
		}
		if len(got) != t.W*tlog.HashSize {
			return nil, fmt.Errorf("hash tile %s holds %d bytes, not %d hashes", path, len(got), t.W)
		}
		data[i] = got
	}
	return data, nil
}

func (r *tiles) SaveTiles([]tlog.Tile, [][]byte) {}

// raw reads stored hashes straight from the tiles, authenticating nothing: the root
// recomputed from it is compared with the signed one. A hash above level 0 is computed
// from its tile's hashes, so each is kept once computed.
func (r *tiles) raw() tlog.HashReader {
	known := map[int64]tlog.Hash{}
	return tlog.HashReaderFunc(func(indexes []int64) ([]tlog.Hash, error) {
		out := make([]tlog.Hash, len(indexes))
		for i, index := range indexes {
			if h, ok := known[index]; ok {
				out[i] = h
				continue
			}
			t := tlog.TileForIndex(tileHeight, index)
			// The tile as the tree of this size has it: partial when it is the last.
			data, err := r.readAny(t)
			if err != nil {
				return nil, err
			}
			t.W = len(data) / tlog.HashSize
			if out[i], err = tlog.HashFromTile(t, data, index); err != nil {
				return nil, fmt.Errorf("hash tile %s: %v", c2spPath(t), err)
			}
			known[index] = out[i]
		}
		return out, nil
	})
}

// readAny reads tile t full, or else partial of the width the tree's size gives.
func (r *tiles) readAny(t tlog.Tile) ([]byte, error) {
	t.W = r.width(t)
	got, err := r.ReadTiles([]tlog.Tile{t})
	if err != nil {
		return nil, err
	}
	return got[0], nil
}

func (r *tiles) width(t tlog.Tile) int {
	count := r.size >> uint(t.L*tileHeight) // complete subtrees at this tile's level
	if rest := count - t.N<<tileHeight; rest < 1<<tileHeight {
		return int(rest)
	}
	return 1 << tileHeight
}

// treeTiles lists the hash tiles of a tree of size n, full and partial, as tlog-tiles
// has them. (x/mod 0.7.0's NewTiles(h, 0, n) lists a partial tile of every width up to
// the last one's.)
func treeTiles(n int64) []tlog.Tile {
	var found []tlog.Tile
	for level := 0; n>>uint(level*tileHeight) > 0; level++ {
		count := n >> uint(level*tileHeight) // complete subtrees of 256**level entries
		for k := int64(0); k<<tileHeight < count; k++ {
			width := count - k<<tileHeight
			if width > 1<<tileHeight {
				width = 1 << tileHeight
			}
			found = append(found, tlog.Tile{H: tileHeight, L: level, N: k, W: int(width)})
		}
	}
	return found
}

type checkpoint struct {
	origin string
	size   int64
	root   tlog.Hash
}

// openCheckpoint checks a checkpoint note's signature by verifier and reads its text:
// origin (the key's name), size, base64 root, then one "time" line.
func openCheckpoint(msg []byte, verifier note.Verifier) (checkpoint, error) {
	var c checkpoint
	n, err := note.Open(msg, note.VerifierList(verifier))
	if err != nil {
		var unverified *note.UnverifiedNoteError
		if errors.As(err, &unverified) {
			return c, fmt.Errorf("not signed by %s's key (%v)", verifier.Name(), err)
		}
		return c, err
	}
	lines := strings.Split(n.Text, "\n")
	if len(lines) != 5 || lines[4] != "" || !strings.HasPrefix(lines[3], "time ") {
		return c, fmt.Errorf("its text is not origin, size, root and a time line")
	}
	if lines[0] != verifier.Name() {
		return c, fmt.Errorf("its origin %q is not the key's name %q", lines[0], verifier.Name())
	}
	c.origin = lines[0]
	if c.size, err = strconv.ParseInt(lines[1], 10, 64); err != nil || c.size < 1 || strconv.FormatInt(c.size, 10) != lines[1] {
		return c, fmt.Errorf("a bad tree size %q", lines[1])
	}
	root, err := base64.StdEncoding.DecodeString(lines[2])
	if err != nil || len(root) != tlog.HashSize {
		return c, fmt.Errorf("a bad root hash %q", lines[2])
	}
	copy(c.root[:], root)
	return c, nil
}

// entryBundle reads and splits entry bundle n (uint16 big-endian length, entry bytes).
func entryBundle(src *source, n int64, width int) ([][]byte, error) {
	t := tlog.Tile{H: tileHeight, L: 0, N: n, W: width}
	path := strings.Replace(c2spPath(t), "tile/0/", "tile/entries/", 1)
	data, err := src.read(path)
	if err != nil {
		return nil, fmt.Errorf("entry bundle %s: %v", path, err)
	}
	var entries [][]byte
	for len(data) > 0 {
		if len(data) < 2 {
			return nil, fmt.Errorf("entry bundle %s is cut inside a length", path)
		}
		length := int(data[0])<<8 | int(data[1])
		if len(data) < 2+length {
			return nil, fmt.Errorf("entry bundle %s is cut inside an entry", path)
		}
		entries = append(entries, data[2:2+length])
		data = data[2+length:]
	}
	if len(entries) != width {
		return nil, fmt.Errorf("entry bundle %s holds %d entries, not %d", path, len(entries), width)
	}
	return entries, nil
}

func check(src *source, verifier note.Verifier, sample int64, old string) (string, error) {
	msg, err := src.read("checkpoint")
	if err != nil {
		return "", fmt.Errorf("the checkpoint: %v", err)
	}
	c, err := openCheckpoint(msg, verifier)
	if err != nil {
		return "", fmt.Errorf("the checkpoint: %v", err)
	}
	tree := tlog.Tree{N: c.size, Hash: c.root}
	reader := &tiles{src: src, size: c.size, seen: map[string][]byte{}}

	// The root from the hash tiles as they are, then the tiles authenticated by it.
	raw := reader.raw()
	fromTiles, err := tlog.TreeHash(c.size, raw)
	if err != nil {
		return "", fmt.Errorf("the root from the hash tiles: %v", err)
	}
	if fromTiles != c.root {
		return "", fmt.Errorf("the root from the hash tiles (%s) is not the checkpoint's (%s)", fromTiles, c.root)
	}
	hashes := tlog.TileHashReader(tree, reader)
	if _, err := tlog.TreeHash(c.size, hashes); err != nil {
		return "", fmt.Errorf("the hash tiles against the checkpoint's root: %v", err)
	}

	// The tree again from the entries alone, hashed as they come (tlog.StoredHashes).
	var stored []tlog.Hash
	fromEntries := tlog.HashReaderFunc(func(indexes []int64) ([]tlog.Hash, error) {
		out := make([]tlog.Hash, len(indexes))
		for i, index := range indexes {
			if index >= int64(len(stored)) {
				return nil, fmt.Errorf("stored hash %d not yet computed", index)
			}
			out[i] = stored[index]
		}
		return out, nil
	})

	// Every entry: its record hash is its level-0 hash (read through TileHashReader).
	for n := int64(0); n<<tileHeight < c.size; n++ {
		first := n << tileHeight
		width := int(c.size - first)
		if width > 1<<tileHeight {
			width = 1 << tileHeight
		}
		entries, err := entryBundle(src, n, width)
		if err != nil {
			return "", err
		}
		indexes := make([]int64, width)
		for i := range indexes {
			indexes[i] = tlog.StoredHashIndex(0, first+int64(i))
		}
		leaves, err := hashes.ReadHashes(indexes)
		if err != nil {
			return "", fmt.Errorf("the level-0 hashes of entries %d to %d: %v", first, first+int64(width)-1, err)
		}
		for i, entry := range entries {
			index := first + int64(i)
			more, err := tlog.StoredHashes(index, entry, fromEntries)
			if err != nil {
				return "", fmt.Errorf("the tree of the entries: %v", err)
			}
			stored = append(stored, more...)
			if tlog.RecordHash(entry) != leaves[i] {
				return "", fmt.Errorf("entry %d does not hash to its level-0 tile hash", index)
			}
		}
	}

	// The entries alone give the signed root, and every hash tile of the tree is the one
	// they give. (TileHashReader leaves some tiles it reads unauthenticated: x/mod's
	// ReadHashes starts its check of child tiles at len(stx), an index into the hashes
	// where one into the tiles is meant; so nothing here rests on it alone.)
	rootOfEntries, err := tlog.TreeHash(c.size, fromEntries)
	if err != nil {
		return "", fmt.Errorf("the root from the entries: %v", err)
	}
	if rootOfEntries != c.root {
		return "", fmt.Errorf("the root from the entries (%s) is not the checkpoint's (%s)", rootOfEntries, c.root)
	}
	for _, t := range treeTiles(c.size) {
		want, err := tlog.ReadTileData(t, fromEntries)
		if err != nil {
			return "", fmt.Errorf("hash tile %s from the entries: %v", c2spPath(t), err)
		}
		got, err := reader.ReadTiles([]tlog.Tile{t})
		if err != nil {
			return "", err
		}
		if !bytes.Equal(got[0], want) {
			return "", fmt.Errorf("hash tile %s is not the one the entries give", c2spPath(t))
		}
	}

	// Every entry (or every sample-th) proved in the signed tree, from the tiles as read:
	// CheckRecord against the signed root is what vouches for each.
	proved := int64(0)
	for index := int64(0); index < c.size; index++ {
		if index%sample != 0 && index != c.size-1 {
			continue
		}
		record, err := fromEntries.ReadHashes([]int64{tlog.StoredHashIndex(0, index)})
		if err != nil {
			return "", err
		}
		proof, err := tlog.ProveRecord(c.size, index, raw)
		if err != nil {
			return "", fmt.Errorf("the inclusion proof of entry %d: %v", index, err)
		}
		if err := tlog.CheckRecord(proof, c.size, c.root, index, record[0]); err != nil {
			return "", fmt.Errorf("the inclusion proof of entry %d: %v", index, err)
		}
		proved++
	}
	summary := fmt.Sprintf("OK: %s, %d entries, root %s: signature, root from tiles, root from entries, every hash tile and %d inclusion proofs hold",
		c.origin, c.size, c.root, proved)

	if old == "" {
		return summary, nil
	}
	var oldMsg []byte
	if isURL(old) {
		oldMsg, err = src.fetch(old)
	} else {
		oldMsg, err = os.ReadFile(old)
	}
	if err != nil {
		return "", fmt.Errorf("the old checkpoint: %v", err)
	}
	o, err := openCheckpoint(oldMsg, verifier)
	if err != nil {
		return "", fmt.Errorf("the old checkpoint: %v", err)
	}
	if o.size > c.size {
		return "", fmt.Errorf("the log of %d entries is shorter than the old checkpoint's %d", c.size, o.size)
	}
	proof, err := tlog.ProveTree(c.size, o.size, hashes)
	if err != nil {
		return "", fmt.Errorf("the consistency proof from %d entries: %v", o.size, err)
	}
	if err := tlog.CheckTree(proof, c.size, c.root, o.size, o.root); err != nil {
		return "", fmt.Errorf("the old checkpoint of %d entries is not a prefix of this log (a fork): %v", o.size, err)
	}
	return summary + fmt.Sprintf(", consistent with the old checkpoint of %d entries", o.size), nil
}

// checkProofs checks proofs made elsewhere (by Station's merkle.py) with tlog.CheckRecord
// and tlog.CheckTree, one a line of hex fields:
//
//	record <size> <index> <root> <leaf hash> <proof hash>...
//	tree <size> <old size> <root> <old root> <proof hash>...
func checkProofs(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for number, line := range lines {
		fields := strings.Fields(line)
		if len(fields) < 5 {
			return "", fmt.Errorf("proof line %d is not kind, two sizes and two hashes", number+1)
		}
		var sizes [2]int64
		for i := range sizes {
			if sizes[i], err = strconv.ParseInt(fields[1+i], 10, 64); err != nil {
				return "", fmt.Errorf("proof line %d: %v", number+1, err)
			}
		}
		var hashes []tlog.Hash
		for _, field := range fields[3:] {
			raw, err := hex.DecodeString(field)
			if err != nil || len(raw) != tlog.HashSize {
				return "", fmt.Errorf("proof line %d: a bad hash %q", number+1, field)
			}
			var h tlog.Hash
			copy(h[:], raw)
			hashes = append(hashes, h)
		}
		switch fields[0] {
		case "record":
			err = tlog.CheckRecord(hashes[2:], sizes[0], hashes[0], sizes[1], hashes[1])
		case "tree":
			err = tlog.CheckTree(hashes[2:], sizes[0], hashes[0], sizes[1], hashes[1])
		default:
			err = fmt.Errorf("not a kind of proof: %q", fields[0])
		}
		if err != nil {
			return "", fmt.Errorf("proof line %d (%s %d %d): %v", number+1, fields[0], sizes[0], sizes[1], err)
		}
	}
	return fmt.Sprintf("OK: %d proofs hold", len(lines)), nil
}

func main() {
	proofs := flag.String("proofs", "", "check the proofs in this file instead of a log")
	vkey := flag.String("vkey", "", "the station's verifier key for the log (its name is the origin)")
	token := flag.String("token", "", "sent as Authorization: Bearer, for a URL")
	sample := flag.Int64("sample", 1, "prove every K-th entry's inclusion (and the last)")
	old := flag.String("old", "", "an earlier checkpoint (file or URL) this log must extend")
	flag.Parse()
	if *proofs != "" {
		summary, err := checkProofs(*proofs)
		if err != nil {
			fmt.Println("FAIL: " + err.Error())
			os.Exit(1)
		}
		fmt.Println(summary)
		return
	}
	if flag.NArg() != 1 || *vkey == "" || *sample < 1 {
		fmt.Fprintln(os.Stderr, "usage: checker -vkey VKEY [-token T] [-sample K] [-old CHECKPOINT] LOG, or checker -proofs FILE")
		os.Exit(2)
	}
	verifier, err := note.NewVerifier(*vkey)
	if err != nil {
		fmt.Fprintf(os.Stderr, "usage: a bad -vkey: %v\n", err)
		os.Exit(2)
	}
	prefix := flag.Arg(0)
	if isURL(prefix) && !strings.HasSuffix(prefix, "/") {
		prefix += "/"
	}
	src := &source{prefix: prefix, token: *token, client: &http.Client{Timeout: 30 * time.Second}}
	summary, err := check(src, verifier, *sample, *old)
	if err != nil {
		fmt.Println("FAIL: " + strings.ReplaceAll(err.Error(), "\n", " "))
		os.Exit(1)
	}
	fmt.Println(summary)
}
