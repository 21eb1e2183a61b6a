export declare const councilLogin: {
  readonly name: string;
  readonly label: string;
  readonly clientId: string;
  readonly clientSecret: string;
};
