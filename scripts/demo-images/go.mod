module github.com/rentproof/rentproof/scripts/demo-images

go 1.26.0
