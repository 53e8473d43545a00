usRN/H//FChbodHyPY7+gjxe7OfEyHInqcIdIXf3XD/nQS16OfYedtbfzxOw8+zNc34+GgdnlhaY2x60tVZIAw==
