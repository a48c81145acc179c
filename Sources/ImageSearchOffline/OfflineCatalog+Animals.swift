// Invented records for the offline catalog: wild and domestic animals.
// Fields: id, width, height, views, downloads, likes, user, tags.
extension OfflineCatalog {
    static let animalPhotos: [CatalogPhoto] = [
        CatalogPhoto(
            875294, 4608, 3072, 34291, 20379, 265, "Lena49",
            "red fox, fox, animal, wildlife, winter, fur"),
        CatalogPhoto(
            3_468_813, 4000, 3000, 26173, 15090, 541, "amaraphoto",
            "red fox, fox, animal, wildlife, nature"),
        CatalogPhoto(
            3_013_727, 6016, 4016, 3032, 1933, 120, "henrikphoto",
            "red fox, fox, animal, wildlife, winter, cub"),
        CatalogPhoto(
            7_628_187, 6016, 4016, 7601, 4428, 102, "SatoMaren",
            "red fox, fox, animal, wildlife, meadow, snow"),
        CatalogPhoto(
            4_217_510, 4608, 3072, 6635, 2797, 138, "Oskar_Novak",
            "red fox, fox, animal, wildlife, forest"),
        CatalogPhoto(
            4_114_013, 4000, 3000, 28190, 13659, 197, "Bruno_Berg",
            "red fox, fox, animal, wildlife, nature, forest"),
        CatalogPhoto(
            5_413_351, 4608, 3072, 5491, 2962, 100, "Mia_Holt",
            "fox, animal, mammal, field"),
        CatalogPhoto(
            5_450_434, 4000, 3000, 20988, 8626, 324, "OrtizAmara",
            "fox, animal, mammal, wildlife, sleeping"),
        CatalogPhoto(
            8_279_223, 5184, 3456, 59732, 31773, 1841, "noraphoto",
            "fox, animal, mammal, nature"),
        CatalogPhoto(
            1_951_158, 5760, 3840, 6285, 3636, 101, "Nora_Holt",
            "arctic fox, fox, snow, winter, cold"),
        CatalogPhoto(
            8_111_078, 3840, 2160, 18506, 11446, 457, "Bruno_Berg",
            "arctic fox, fox, snow, winter, wildlife, animal"),
        CatalogPhoto(
            5_717_110, 5760, 3840, 2918, 1229, 38, "Jonas41",
            "arctic fox, fox, snow, winter, animal, arctic"),
        CatalogPhoto(
            2_614_045, 5472, 3648, 37803, 23954, 554, "Milo_Varga",
            "fox cub, fox, young animal, spring"),
        CatalogPhoto(
            7_683_897, 3840, 2160, 4839, 2968, 167, "VargaSofia",
            "fox cub, fox, young animal, wildlife, den"),
        CatalogPhoto(
            6_118_116, 3840, 2160, 10976, 7520, 164, "RossiAnna",
            "cat, pet, domestic cat, tabby, portrait"),
        CatalogPhoto(
            7_446_443, 4000, 3000, 13674, 4944, 213, "KaiDahl",
            "cat, pet, domestic cat, portrait"),
        CatalogPhoto(
            2_970_138, 5184, 3456, 46162, 28661, 441, "Yuki_Keller",
            "cat, pet, domestic cat, tabby, sleeping, fur"),
        CatalogPhoto(
            5_695_618, 5760, 3840, 17123, 10234, 264, "Maren_Moreau",
            "cat, pet, domestic cat, fur, cute, kitten"),
        CatalogPhoto(
            277075, 6016, 4016, 4338, 1830, 54, "Yuki_Keller",
            "cat, pet, domestic cat, fur"),
        CatalogPhoto(
            3_063_112, 6000, 4000, 9284, 3985, 229, "amaraphoto",
            "cat, pet, domestic cat, kitten"),
        CatalogPhoto(
            606930, 3840, 2160, 91207, 39273, 1501, "Lena10",
            "cat, pet, domestic cat, tabby, sleeping"),
        CatalogPhoto(
            2_029_238, 4000, 6000, 33147, 17471, 938, "SatoMaren",
            "kitten, cat, cute, young, basket, pet"),
        CatalogPhoto(
            7_325_942, 4608, 3072, 1738, 949, 17, "lottaphoto",
            "kitten, cat, cute, young, basket, fluffy"),
        CatalogPhoto(
            8_357_354, 3840, 2160, 16330, 8536, 111, "KaiDahl",
            "kitten, cat, cute, young"),
        CatalogPhoto(
            7_817_082, 5184, 3456, 9552, 5602, 79, "noraphoto",
            "black cat, cat, pet, mystery, portrait, night"),
        CatalogPhoto(
            2_232_025, 6000, 4000, 3666, 2327, 102, "Kai42",
            "black cat, cat, pet, night, eyes, portrait"),
        CatalogPhoto(
            2_895_514, 2560, 1707, 16098, 9090, 170, "Mia_Novak",
            "dog, pet, puppy, playing, friend, beagle"),
        CatalogPhoto(
            3_853_544, 2560, 1707, 8678, 4805, 268, "Mia_Holt",
            "dog, pet, puppy, park"),
        CatalogPhoto(
            1_012_682, 4000, 3000, 30699, 10968, 321, "RaviNovak",
            "dog, pet, puppy, park, friend"),
        CatalogPhoto(
            5_331_225, 6000, 4000, 59452, 25968, 1228, "Nora46",
            "dog, pet, puppy, grass, friend, golden retriever"),
        CatalogPhoto(
            2_088_420, 4000, 3000, 23324, 12033, 511, "Mia_Novak",
            "dog, pet, puppy, cute, park"),
        CatalogPhoto(
            4_631_674, 6000, 4000, 13980, 8034, 198, "RossiRavi",
            "dog, pet, puppy, beagle"),
        CatalogPhoto(
            5_148_045, 5760, 3840, 12930, 7089, 105, "Lena49",
            "horse, animal, pasture, mane, meadow"),
        CatalogPhoto(
            2_555_779, 5760, 3840, 19960, 12633, 586, "henrikphoto",
            "horse, animal, pasture, meadow"),
        CatalogPhoto(
            7_172_608, 5184, 3456, 70622, 27804, 1505, "Yuki_Keller",
            "horse, animal, pasture, mane, farm"),
        CatalogPhoto(
            4_540_148, 3840, 2160, 68826, 36575, 2158, "EmilWeber",
            "horse, animal, pasture, foal, farm"),
        CatalogPhoto(
            4_590_695, 4000, 3000, 40332, 18500, 1105, "Mia_Novak",
            "deer, roe deer, wildlife, mist, forest"),
        CatalogPhoto(
            6_033_885, 5184, 3456, 9486, 5369, 151, "Bruno_Berg",
            "deer, roe deer, wildlife, animal, mist"),
        CatalogPhoto(
            4_771_934, 2560, 1707, 323569, 220544, 8720, "Oskar_Novak",
            "deer, roe deer, wildlife, meadow"),
        CatalogPhoto(
            3_136_535, 3840, 2160, 23821, 12232, 546, "yukiphoto",
            "deer, roe deer, wildlife, mist"),
        CatalogPhoto(
            284638, 5184, 3456, 12855, 5291, 90, "Lena10",
            "owl, bird, wildlife, night, eyes, barn owl"),
        CatalogPhoto(
            3_975_117, 6000, 4000, 5390, 1941, 91, "QuinnEmil",
            "owl, bird, wildlife, barn owl, tree, night"),
        CatalogPhoto(
            5_231_854, 6016, 4016, 28802, 16227, 752, "VargaSofia",
            "owl, bird, wildlife, eyes, snowy owl, tree"),
        CatalogPhoto(
            3_018_947, 6016, 4016, 20487, 9055, 128, "lottaphoto",
            "owl, bird, wildlife, night, barn owl, feathers"),
        CatalogPhoto(
            5_859_167, 4608, 3072, 10571, 5287, 93, "Leon_Ortiz",
            "eagle, bird of prey, bird, predator, sky, bald eagle"),
        CatalogPhoto(
            6_944_104, 2560, 1707, 10650, 5296, 79, "SatoMaren",
            "eagle, bird of prey, bird, sky, bald eagle"),
        CatalogPhoto(
            4_875_755, 4608, 3072, 8442, 5100, 185, "Lena10",
            "eagle, bird of prey, bird, predator, sky"),
        CatalogPhoto(
            1_419_026, 4000, 3000, 21983, 10137, 520, "Maren_Moreau",
            "brown bear, bear, wildlife, salmon, forest, river"),
        CatalogPhoto(
            4_602_270, 5184, 3456, 22504, 7961, 183, "RaviNovak",
            "brown bear, bear, wildlife, cub, forest, river"),
        CatalogPhoto(
            6_856_682, 5760, 3840, 46958, 16750, 267, "Mia_Novak",
            "brown bear, bear, wildlife, fishing, alaska, river"),
        CatalogPhoto(
            4_349_055, 4000, 3000, 41640, 25453, 841, "Leon_Ortiz",
            "wolf, animal, wildlife, howling"),
        CatalogPhoto(
            6_659_734, 5472, 3648, 8949, 4994, 195, "Yuki_Keller",
            "wolf, animal, wildlife, grey wolf"),
        CatalogPhoto(
            3_742_915, 6000, 4000, 15623, 9639, 365, "Anna68",
            "wolf, animal, wildlife, grey wolf, howling"),
        CatalogPhoto(
            5_153_109, 3000, 4000, 26688, 16085, 891, "VargaSofia",
            "rabbit, bunny, animal, easter, meadow"),
        CatalogPhoto(
            8_408_494, 5472, 3648, 53250, 32046, 852, "GretaMoreau",
            "rabbit, bunny, animal, cute, meadow"),
        CatalogPhoto(
            4_308_372, 3000, 4000, 4106, 1455, 55, "Milo_Varga",
            "rabbit, bunny, animal, cute, grass, spring"),
        CatalogPhoto(
            5_204_174, 5472, 3648, 14565, 7973, 477, "Kai42",
            "squirrel, red squirrel, animal, autumn, forest, nut"),
        CatalogPhoto(
            917140, 5760, 3840, 3693, 1638, 56, "amaraphoto",
            "squirrel, red squirrel, animal, cute, nut"),
        CatalogPhoto(
            1_447_212, 5760, 3840, 32986, 12298, 530, "GretaMoreau",
            "squirrel, red squirrel, animal, tree"),
        CatalogPhoto(
            1_612_907, 4608, 3072, 42307, 15135, 814, "Nora_Holt",
            "hedgehog, animal, nature, cute, garden, autumn"),
        CatalogPhoto(
            7_916_611, 6000, 4000, 3551, 2414, 118, "Leon_Ortiz",
            "hedgehog, animal, nature, autumn"),
        CatalogPhoto(
            6_603_217, 4608, 3072, 8217, 3741, 98, "RaviNovak",
            "butterfly, insect, nature, macro"),
        CatalogPhoto(
            8_988_942, 3840, 2160, 16462, 10814, 385, "amaraphoto",
            "butterfly, insect, nature, macro, flower"),
        CatalogPhoto(
            6_290_093, 2560, 1707, 1483, 795, 38, "QuinnEmil",
            "butterfly, insect, nature, wings, macro, summer"),
        CatalogPhoto(
            3_868_395, 4608, 3072, 5280, 2464, 36, "RossiAnna",
            "butterfly, insect, nature, summer, wings"),
        CatalogPhoto(
            2_337_805, 6000, 4000, 7572, 3282, 75, "Oskar_Novak",
            "bee, honey bee, insect, pollen, flower, macro"),
        CatalogPhoto(
            4_796_339, 2560, 1707, 17456, 9611, 557, "almaphoto",
            "bee, honey bee, insect, pollen"),
        CatalogPhoto(
            3_742_442, 5760, 3840, 2128, 1158, 47, "henrikphoto",
            "bee, honey bee, insect, summer, pollen"),
        CatalogPhoto(
            7_748_000, 5472, 3648, 11811, 7435, 277, "OskarDahl",
            "swan, bird, lake, water, reflection, white"),
        CatalogPhoto(
            8_656_963, 6016, 4016, 19365, 7209, 385, "yukiphoto",
            "swan, bird, lake, reflection, elegant"),
        CatalogPhoto(
            8_206_591, 4000, 6000, 26392, 10559, 181, "Nora46",
            "swan, bird, lake, elegant"),
        CatalogPhoto(
            5_984_422, 5760, 3840, 5898, 2762, 42, "Yuki_Keller",
            "duck, mallard, bird, pond"),
        CatalogPhoto(
            2_232_558, 4000, 3000, 2914, 1250, 18, "Bruno9",
            "duck, mallard, bird, spring, pond"),
        CatalogPhoto(
            4_514_483, 5184, 3456, 1731, 976, 42, "Mia_Holt",
            "heron, grey heron, bird, fishing"),
        CatalogPhoto(
            4_576_060, 5184, 3456, 10927, 4648, 214, "SatoMaren",
            "cow, cattle, farm, bell, pasture"),
        CatalogPhoto(
            8_401_018, 6016, 4016, 11081, 6161, 225, "Lena49",
            "cow, cattle, farm, pasture, mountain, alps"),
        CatalogPhoto(
            5_020_741, 3840, 2160, 12717, 5121, 74, "Bruno9",
            "cow, cattle, farm, alps"),
        CatalogPhoto(
            2_022_418, 5184, 3456, 55425, 25376, 873, "milophoto",
            "sheep, lamb, farm, hills, wool, flock"),
        CatalogPhoto(
            4_964_994, 3000, 4000, 8800, 3829, 84, "Anna68",
            "sheep, lamb, farm, hills, spring, meadow"),
        CatalogPhoto(
            4_909_339, 6000, 4000, 8319, 5450, 219, "Lena49",
            "sheep, lamb, farm, wool, hills, spring"),
        CatalogPhoto(
            5_161_855, 3000, 4000, 13403, 4697, 183, "SatoMaren",
            "lion, big cat, wildlife, africa, safari"),
        CatalogPhoto(
            2_519_782, 5472, 3648, 3336, 1265, 63, "Bruno_Berg",
            "lion, big cat, wildlife, africa"),
        CatalogPhoto(
            5_400_062, 3000, 4000, 11637, 6980, 228, "Leon_Ortiz",
            "lion, big cat, wildlife, savanna, africa"),
        CatalogPhoto(
            6_499_765, 6000, 4000, 3463, 1801, 55, "yukiphoto",
            "tiger, big cat, wildlife, stripes"),
        CatalogPhoto(
            5_001_532, 3840, 2160, 33479, 21290, 974, "RossiRavi",
            "tiger, big cat, wildlife, eyes"),
        CatalogPhoto(
            1_902_076, 3840, 2160, 29786, 17689, 643, "EmilWeber",
            "elephant, africa, wildlife, calf, savanna, safari"),
        CatalogPhoto(
            6_255_579, 5184, 3456, 4617, 2775, 167, "MoreauElena",
            "elephant, africa, wildlife, calf, savanna"),
        CatalogPhoto(
            1_747_937, 4608, 3072, 5052, 2824, 144, "Leon_Ortiz",
            "elephant, africa, wildlife, trunk"),
        CatalogPhoto(
            6_586_304, 3000, 4000, 12325, 6951, 391, "Kai88",
            "giraffe, africa, wildlife, savanna"),
        CatalogPhoto(
            841127, 3840, 2160, 11363, 7511, 246, "Bruno_Berg",
            "giraffe, africa, wildlife, safari, savanna, neck"),
        CatalogPhoto(
            3_682_524, 5472, 3648, 21573, 7719, 300, "Maren_Moreau",
            "zebra, africa, wildlife, stripes, safari, herd"),
        CatalogPhoto(
            817966, 5760, 3840, 807, 293, 16, "Lena10",
            "zebra, africa, wildlife, savanna, herd, safari"),
        CatalogPhoto(
            373001, 4000, 6000, 25333, 14672, 515, "GretaBrandt",
            "penguin, bird, antarctica, ice, colony, snow"),
        CatalogPhoto(
            7_324_305, 4608, 3072, 4543, 3148, 77, "EmilWeber",
            "penguin, bird, antarctica, ice, cold"),
        CatalogPhoto(
            5_306_074, 4000, 3000, 35365, 24582, 480, "RossiAnna",
            "dolphin, sea, marine life, blue"),
        CatalogPhoto(
            2_642_311, 4608, 3072, 14798, 5349, 190, "GretaBrandt",
            "dolphin, sea, marine life, ocean"),
        CatalogPhoto(
            4_937_323, 4000, 3000, 27630, 13810, 539, "amaraphoto",
            "whale, humpback whale, ocean, marine life, blue"),
        CatalogPhoto(
            7_186_945, 5472, 3648, 116510, 76124, 3552, "Jonas41",
            "whale, humpback whale, ocean, tail"),
    ]
}
