package metadata

import "strings"

// Places that pages give where an author's name belongs (a dateline, a
// profile's location): the countries, in English and for some in their
// own and the DAnIEL corpus's languages, the US states, and big cities.
// Names that are as often a person's first name (Jordan, Georgia, Chad,
// Israel, India, Asia, Victoria, Virginia, Florence, Austin, Paris,
// Sydney, Sofia, Milan, Santiago, Roma, Charlotte, Dallas, Houston,
// Phoenix, Adelaide, Regina) are left out: a page's author may go by one.
const placeList = `
afghanistan|albania|algeria|andorra|angola|antigua and barbuda|argentina|armenia|australia|austria|azerbaijan|bahamas|
bahrain|bangladesh|barbados|belarus|belgium|belize|benin|bhutan|bolivia|bosnia and herzegovina|botswana|brazil|brunei|
bulgaria|burkina faso|burundi|cabo verde|cape verde|cambodia|cameroon|canada|central african republic|chile|china|
colombia|comoros|congo|costa rica|croatia|cuba|cyprus|czechia|czech republic|denmark|djibouti|dominican republic|
ecuador|egypt|el salvador|equatorial guinea|eritrea|estonia|eswatini|ethiopia|fiji|finland|france|gabon|gambia|germany|
ghana|greece|grenada|guatemala|guinea|guinea-bissau|guyana|haiti|honduras|hungary|iceland|indonesia|iran|iraq|ireland|
italy|ivory coast|jamaica|japan|kazakhstan|kenya|kiribati|kosovo|kuwait|kyrgyzstan|laos|latvia|lebanon|lesotho|liberia|
libya|liechtenstein|lithuania|luxembourg|madagascar|malawi|malaysia|maldives|mali|malta|marshall islands|mauritania|
mauritius|mexico|micronesia|moldova|monaco|mongolia|montenegro|morocco|mozambique|myanmar|namibia|nauru|nepal|
netherlands|the netherlands|new zealand|nicaragua|niger|nigeria|north korea|north macedonia|norway|oman|pakistan|palau|
palestine|panama|papua new guinea|paraguay|peru|philippines|poland|portugal|qatar|romania|russia|russian federation|
rwanda|saint lucia|samoa|san marino|saudi arabia|senegal|serbia|seychelles|sierra leone|singapore|slovakia|slovenia|
solomon islands|somalia|south africa|south korea|korea|south sudan|spain|sri lanka|sudan|suriname|sweden|switzerland|
syria|taiwan|tajikistan|tanzania|thailand|togo|tonga|trinidad and tobago|tunisia|turkey|türkiye|turkmenistan|tuvalu|
uganda|ukraine|united arab emirates|uae|united kingdom|uk|great britain|britain|england|scotland|wales|
northern ireland|united states|united states of america|usa|us|u.s.|u.s.a.|america|uruguay|uzbekistan|vanuatu|
vatican city|venezuela|vietnam|yemen|zambia|zimbabwe|hong kong|macau|puerto rico|greenland|europe|africa|
north america|south america|latin america|middle east|oceania|worldwide|global|international|
deutschland|österreich|schweiz|frankreich|italien|spanien|polen|russland|england|niederlande|
españa|méxico|italia|polska|ελλάδα|ελλαδα|κύπρος|中国|中國|日本|台湾|台灣|香港|한국|
россия|рф|украина|україна|беларусь|германия|франция|италия|испания|польша|китай|сша|великобритания|казахстан|
alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|hawaii|idaho|illinois|indiana|iowa|
kansas|kentucky|louisiana|maine|maryland|massachusetts|michigan|minnesota|mississippi|missouri|montana|nebraska|
nevada|new hampshire|new jersey|new mexico|new york|north carolina|north dakota|ohio|oklahoma|oregon|pennsylvania|
rhode island|south carolina|south dakota|tennessee|texas|utah|vermont|washington|west virginia|wisconsin|
wyoming|
london|berlin|madrid|rome|moscow|beijing|shanghai|tokyo|seoul|delhi|new delhi|mumbai|bangalore|karachi|istanbul|
cairo|lagos|nairobi|johannesburg|cape town|toronto|vancouver|montreal|ottawa|chicago|los angeles|san francisco|
boston|seattle|miami|atlanta|denver|philadelphia|new york city|nyc|washington, d.c.|washington dc|mexico city|
são paulo|sao paulo|rio de janeiro|buenos aires|lima|bogotá|bogota|melbourne|brisbane|perth|auckland|
wellington|singapore|bangkok|jakarta|manila|hanoi|kuala lumpur|dubai|abu dhabi|riyadh|tehran|baghdad|jerusalem|
tel aviv|athens|warsaw|kraków|krakow|prague|vienna|budapest|bucharest|belgrade|zagreb|kyiv|kiev|minsk|
stockholm|oslo|copenhagen|helsinki|amsterdam|brussels|zurich|zürich|geneva|munich|münchen|hamburg|frankfurt|
cologne|köln|milano|naples|barcelona|lisbon|dublin|edinburgh|manchester|birmingham|glasgow|
москва|санкт-петербург|петербург|киев|київ|минск|новосибирск|екатеринбург|казань|αθήνα|αθηνα|θεσσαλονίκη|
warszawa|wien|lisboa|praha|北京|上海|广州|深圳|東京|台北|서울`

// places holds placeList's names.
var places = func() map[string]bool {
	m := map[string]bool{}
	for _, p := range strings.Split(strings.ReplaceAll(placeList, "\n", ""), "|") {
		if p = strings.TrimSpace(p); p != "" {
			m[p] = true
		}
	}
	return m
}()

// isPlace reports whether a name is a place alone ("Germany", "Москва")
// or places joined by commas ("London, UK").
func isPlace(s string) bool {
	s = strings.ToLower(strings.TrimSpace(s))
	if places[s] {
		return true
	}
	parts := strings.Split(s, ",")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if !places[strings.TrimSpace(p)] {
			return false
		}
	}
	return true
}
