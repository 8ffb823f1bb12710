module github.com/boilernet/boilernet/capi

go 1.26.8

require github.com/boilernet/boilernet v0.0.0

require (
	github.com/abadojack/whatlanggo v1.0.1 // indirect
	github.com/saintfish/chardet v0.0.0-20230101081208-5e3ef4b5456d // indirect
	github.com/x448/float16 v0.8.4 // indirect
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	gonum.org/v1/gonum v0.11.0 // indirect
)

replace github.com/boilernet/boilernet => ../
