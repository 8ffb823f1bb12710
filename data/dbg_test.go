package data
import ("testing";"fmt";"os")
func TestDbg(t *testing.T){
  ds,_ := Open(os.Getenv("DS"))
  doc, err := ds.Load(os.Getenv("ID"), Options{})
  if err != nil { t.Fatal(err) }
  fmt.Println("enc", doc.Page.Encoding, doc.Page.EncodingReason, "cov", doc.Coverage())
  for i,b := range doc.Page.Blocks { if len(b.Text)>70 {b.Text=b.Text[:70]}; fmt.Printf("%v %d %q\n", doc.Labels[i], i, b.Text) }
  fmt.Println("GOLD")
  for _, s := range doc.Gold.Segments { if len(s.Text)>100 {s.Text=s.Text[:100]}; fmt.Printf("%v %q\n", s.Content, s.Text) }
}
